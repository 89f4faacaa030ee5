package dev.firebreak.spring.boot.tracing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.context.CallObservation;
import dev.firebreak.context.CallTracer;
import dev.firebreak.context.TracedGuard;
import dev.firebreak.spring.boot.FirebreakAutoConfiguration;
import dev.firebreak.spring.boot.GuardRegistryHolder;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * When the starter installs its tracer: with an ObservationRegistry bean, once, removed with the
 * context; not with the property off, without an ObservationRegistry, without micrometer-observation on
 * the class path, nor over a tracer the application installed itself.
 */
class TracingAutoConfigurationTest {

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(FirebreakAutoConfiguration.class, FirebreakTracingAutoConfiguration.class));

    /** An observation registry whose one handler records the names of the observations it saw stop. */
    @Configuration(proxyBeanMethods = false)
    static class Observations {
        final List<String> stopped = new CopyOnWriteArrayList<>();

        @Bean
        ObservationRegistry observationRegistry() {
            ObservationRegistry registry = ObservationRegistry.create();
            registry.observationConfig().observationHandler(new ObservationHandler<>() {
                @Override
                public void onStop(Observation.Context context) {
                    stopped.add(context.getContextualName() + " " + context.getLowCardinalityKeyValue("firebreak.outcome").getValue());
                }

                @Override
                public boolean supportsContext(Observation.Context context) {
                    return true;
                }
            });
            return registry;
        }
    }

    /** The application's own registry, left open when the context closes so the test can look at it after. */
    @Configuration(proxyBeanMethods = false)
    static class OwnRegistry {
        @Bean(destroyMethod = "")
        GuardRegistry guardRegistry() {
            return GuardRegistry.builder().build();
        }
    }

    @Test
    void withAnObservationRegistryEveryCallIsObservedOnceAndTheTracerLeavesWithTheContext() {
        runner.withUserConfiguration(Observations.class, OwnRegistry.class).run(context -> {
            assertThat(context).hasNotFailed().hasSingleBean(RegistryObservations.class);
            GuardRegistry registry = context.getBean(GuardRegistry.class);
            try {
                assertThat(registry.tracer()).isInstanceOf(ObservationCallTracer.class);
                Guard guard = registry.guard("catalog").isolation(Isolation.semaphore(5)).build();
                List<String> stopped = context.getBean(Observations.class).stopped;
                assertThat(guard.execute(() -> "book")).isEqualTo("book");
                assertThat(stopped).containsExactly("catalog success");
                context.close();
                assertThat(registry.tracer()).as("released with the context").isNull();
                assertThat(guard.execute(() -> "book")).isEqualTo("book");
                assertThat(stopped).as("nothing observed once released").hasSize(1);
            } finally {
                registry.close();
            }
        });
    }

    @Test
    void theStartersRegistryIsStillMadeAtItsFirstUseAndGetsTheTracerThen() {
        runner.withClassLoader(new FilteredClassLoader("dev.firebreak.hystrix.")) // the bridge needs it at startup
                .withUserConfiguration(Observations.class).run(context -> {
                    assertThat(context).hasNotFailed().hasSingleBean(RegistryObservations.class);
                    assertThat(context.getBean(GuardRegistryHolder.class).ifCreated()).as("not made by tracing").isEmpty();
                    assertThat(context.getBean(RegistryObservations.class).installed()).isNull();
                    GuardRegistry registry = context.getBean(GuardRegistry.class);
                    assertThat(registry.tracer()).isInstanceOf(ObservationCallTracer.class);
                });
    }

    @Test
    void offWithTheProperty() {
        runner.withUserConfiguration(Observations.class).withPropertyValues("firebreak.tracing.enabled=false").run(context -> {
            assertThat(context).hasNotFailed().doesNotHaveBean(RegistryObservations.class);
            assertThat(context.getBean(GuardRegistry.class).tracer()).isNull();
        });
    }

    @Test
    void notWithoutAnObservationRegistry() {
        runner.run(context -> {
            assertThat(context).hasNotFailed().doesNotHaveBean(RegistryObservations.class);
            assertThat(context.getBean(GuardRegistry.class).tracer()).isNull();
        });
    }

    @Test
    void anApplicationWithoutMicrometerObservationStarts() {
        runner.withClassLoader(new FilteredClassLoader("io.micrometer.observation")).run(context -> {
            assertThat(context).hasNotFailed().doesNotHaveBean(RegistryObservations.class);
            GuardRegistry registry = context.getBean(GuardRegistry.class);
            assertThat(registry.tracer()).isNull();
            assertThat(registry.guard("plain").isolation(Isolation.semaphore(5)).build().execute(() -> 1)).isEqualTo(1);
        });
    }

    @Test
    void aTracerTheApplicationInstalledStaysTheOnlyOne() {
        CallTracer own = new CallTracer() {
            @Override
            public CallObservation startCall(TracedGuard guard, CallMode mode) {
                return null;
            }
        };
        runner.withUserConfiguration(Observations.class, OwnRegistry.class).run(context -> {
            GuardRegistry registry = context.getBean(GuardRegistry.class);
            try {
                assertThat(context).hasNotFailed();
                // The application bound its own tracer first (firebreak-opentelemetry, say): a context made
                // on the same registry again must not add a second one.
                registry.releaseTracer(registry.tracer());
                registry.useTracer(own);
                RegistryObservations second = new RegistryObservations(context.getBean(GuardRegistryHolder.class),
                        new ObservationCallTracer(context.getBean(ObservationRegistry.class)));
                assertThat(second.installed()).isNull();
                assertThat(registry.tracer()).isSameAs(own);
                second.close();
                assertThat(registry.tracer()).as("closing what it did not install leaves the application's").isSameAs(own);
            } finally {
                registry.close();
            }
        });
    }
}
