package dev.firebreak.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.GuardRegistry;
import dev.firebreak.context.ContextCarrier;
import dev.firebreak.spring.boot.context.MicrometerContextCarrier;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

class FirebreakAutoConfigurationTest {

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(FirebreakAutoConfiguration.class));

    @Test
    void registryIsClosedWithTheContext() {
        GuardRegistry[] seen = new GuardRegistry[1];
        runner.run(context -> {
            seen[0] = context.getBean(GuardRegistry.class);
            assertThat(seen[0]).isNotSameAs(GuardRegistry.global());
            assertThat(seen[0].isClosed()).isFalse();
        });
        assertThat(seen[0].isClosed()).isTrue();
    }

    @Test
    void anApplicationsOwnRegistryWins() {
        runner.withUserConfiguration(OwnRegistry.class).run(context ->
                assertThat(context.getBean(GuardRegistry.class)).isSameAs(OwnRegistry.REGISTRY));
    }

    @Test
    void theContextCarrierIsMicrometersUnlessTurnedOffOrTheApplicationHasItsOwn() {
        runner.run(context -> assertThat(context.getBean(ContextCarrier.class)).isInstanceOf(MicrometerContextCarrier.class));
        runner.withPropertyValues("firebreak.context-propagation.enabled=false")
                .run(context -> assertThat(context).doesNotHaveBean(ContextCarrier.class));
        runner.withClassLoader(new FilteredClassLoader("io.micrometer.context."))
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(ContextCarrier.class));
        runner.withBean("mine", ContextCarrier.class, () -> ContextCarrier.NONE)
                .run(context -> assertThat(context.getBean(ContextCarrier.class)).isSameAs(ContextCarrier.NONE));
    }

    @Test
    void theRegistryTakesTheCarrierBean() {
        runner.withPropertyValues("firebreak.guards=carried").run(context -> {
            GuardRegistry registry = context.getBean(GuardRegistry.class);
            assertThat(registry.contextCarrier()).isSameAs(context.getBean(ContextCarrier.class));
        });
    }

    @Configuration(proxyBeanMethods = false)
    static class OwnRegistry {
        static final GuardRegistry REGISTRY = GuardRegistry.builder().build();

        @Bean
        GuardRegistry mine() {
            return REGISTRY;
        }
    }
}
