package dev.firebreak.spring.boot.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.classify.FailedResultException;
import dev.firebreak.event.EventType;
import dev.firebreak.spring.boot.FirebreakAutoConfiguration;
import java.io.UncheckedIOException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.MapPropertySource;

/**
 * The classification keys over a real Spring context: YAML lists and base configurations, a result
 * predicate found by bean name, each refusal failing the start, and live changes keeping the last
 * valid classification.
 */
class ClassificationKeysTest {

    private static final String ORDERS = "firebreak.command.orders.";

    /** The application's beans: a result predicate and a bean that is not one. */
    @Configuration(proxyBeanMethods = false)
    static class Predicates {
        @Bean
        Predicate<Object> serverError() {
            return result -> result instanceof Integer status && status >= 500;
        }

        @Bean
        String notAPredicate() {
            return "text";
        }
    }

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(FirebreakAutoConfiguration.class))
            .withUserConfiguration(Predicates.class)
            .withPropertyValues("firebreak.config.poll-interval=0", "firebreak.guards=orders",
                    ORDERS + "execution.isolation.strategy=SEMAPHORE");

    private static String fail(Guard guard, RuntimeException thrown) {
        return guard.execute(() -> {
            throw thrown;
        }, failure -> "fallback");
    }

    @Test
    void aYamlListFromABaseAndAPredicateBeanClassifyTheGuardsCalls() {
        runner.withPropertyValues("firebreak.configs.strict.ignoreExceptions[0]=java.lang.IllegalArgumentException",
                "firebreak.configs.strict.ignoreExceptions[1]=java.io.UncheckedIOException",
                ORDERS + "baseConfig=strict", ORDERS + "recordResultPredicate=serverError").run(context -> {
                    assertThat(context).hasNotFailed();
                    Guard orders = context.getBean(GuardRegistry.class).find("orders").orElseThrow();
                    assertThatThrownBy(() -> fail(orders, new NumberFormatException("a subclass")))
                            .isInstanceOf(NumberFormatException.class);
                    assertThatThrownBy(() -> fail(orders, new UncheckedIOException("second item", new java.io.IOException())))
                            .isInstanceOf(UncheckedIOException.class);
                    assertThat(fail(orders, new IllegalStateException("not ignored"))).isEqualTo("fallback");
                    assertThat(orders.execute(() -> 503, failure -> failure.getCause() instanceof FailedResultException
                            ? -1 : 0)).isEqualTo(-1);
                    assertThat(orders.execute(() -> 200, failure -> 0)).isEqualTo(200);
                    assertThat(orders.controls().metrics().cumulativeCount(EventType.BAD_REQUEST)).isEqualTo(2);
                    assertThat(orders.controls().metrics().cumulativeCount(EventType.FAILURE)).isEqualTo(2);
                });
    }

    @Test
    void eachBadValueFailsTheStartNamingKeyValueAndRule() {
        String[][] cases = {
            {ORDERS + "ignoreExceptions", "com.example.Missing", "must name classes that load; com.example.Missing does not"},
            {ORDERS + "recordExceptions", "java.lang.String", "java.lang.String is not a java.lang.Throwable"},
            {ORDERS + "recordResultPredicate", "noSuchBean", "must name a result predicate the registry knows"},
            {ORDERS + "recordResultPredicate", "notAPredicate", "must name a result predicate the registry knows"},
            {"firebreak.configs.strict.ignoreExceptions", "java.lang.Object", "is not a java.lang.Throwable"},
        };
        for (String[] bad : cases) {
            runner.withPropertyValues(bad[0] + "=" + bad[1]).run(context -> {
                assertThat(context).as(bad[0]).hasFailed();
                assertThat(context.getStartupFailure()).rootCause()
                        .isInstanceOf(InvalidFirebreakConfigurationException.class)
                        .hasMessageContaining(bad[0] + " = " + bad[1]).hasMessageContaining(bad[2]);
            });
        }
    }

    @Test
    void aLiveChangeReclassifiesAndARefusedOneKeepsTheLastValidClassification() {
        runner.withPropertyValues(ORDERS + "ignoreExceptions=java.lang.IllegalArgumentException").run(context -> {
            Guard orders = context.getBean(GuardRegistry.class).find("orders").orElseThrow();
            SpringEnvironmentSource source = context.getBean(EnvironmentConfigurationBinder.class).source();
            MapPropertySource live = new MapPropertySource("live", new ConcurrentHashMap<>());
            context.getEnvironment().getPropertySources().addFirst(live);
            assertThatThrownBy(() -> fail(orders, new IllegalArgumentException("ignored")))
                    .isInstanceOf(IllegalArgumentException.class);

            live.getSource().put(ORDERS + "recordExceptions[0]", "java.lang.IllegalStateException");
            live.getSource().put(ORDERS + "ignoreExceptions", "");
            source.changed();
            assertThat(fail(orders, new IllegalStateException("recorded"))).isEqualTo("fallback");
            assertThatThrownBy(() -> fail(orders, new IllegalArgumentException("not recorded now")))
                    .isInstanceOf(IllegalArgumentException.class);

            live.getSource().put(ORDERS + "recordExceptions[0]", "com.example.Missing");
            live.getSource().put(ORDERS + "recordResultPredicate", "noSuchBean");
            source.changed();
            assertThat(context).hasNotFailed();
            assertThat(orders.controls().config().classify().recordExceptions())
                    .as("the last valid classification stays").containsExactly(IllegalStateException.class);
            assertThat(orders.controls().config().classify().recordResultPredicate()).isEmpty();
            assertThat(fail(orders, new IllegalStateException("still recorded"))).isEqualTo("fallback");
        });
    }
}
