package dev.firebreak.spring.boot.config;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The keys whose presence makes the starter bind (and so check) the registry at startup: every scope of
 * the core's live configuration in each spelling it accepts, and the starter's own.
 */
class CheckedAtBindingTest {

    @Test
    void everyLiveScopeInEachAcceptedSpellingBindsAtStartup() {
        assertThat(EnvironmentConfigurationBinder.isCheckedAtBinding("firebreak.command.orders.circuitBreaker.enabled")).isTrue();
        assertThat(EnvironmentConfigurationBinder.isCheckedAtBinding("hystrix.threadpool.default.coreSize")).isTrue();
        assertThat(EnvironmentConfigurationBinder.isCheckedAtBinding("firebreak.collapser.c.maxRequestsInBatch")).isTrue();
        assertThat(EnvironmentConfigurationBinder.isCheckedAtBinding("firebreak.retry.users.maxAttempts"))
                .as("a retry policy configured alone is checked at startup too").isTrue();
        assertThat(EnvironmentConfigurationBinder.isCheckedAtBinding("firebreak.hedge.default.maxHedges")).isTrue();
        assertThat(EnvironmentConfigurationBinder.isCheckedAtBinding("firebreak.config.poll-interval")).isTrue();
    }

    @Test
    void keysNoScopeAcceptsDoNotBind() {
        assertThat(EnvironmentConfigurationBinder.isCheckedAtBinding("hystrix.retry.users.maxAttempts"))
                .as("retry has no hystrix spelling").isFalse();
        assertThat(EnvironmentConfigurationBinder.isCheckedAtBinding("firebreak.stream.enabled")).isFalse();
        assertThat(EnvironmentConfigurationBinder.isCheckedAtBinding("spring.application.name")).isFalse();
    }
}
