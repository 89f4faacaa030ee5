package dev.firebreak.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.GuardRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
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

    @Configuration(proxyBeanMethods = false)
    static class OwnRegistry {
        static final GuardRegistry REGISTRY = GuardRegistry.builder().build();

        @Bean
        GuardRegistry mine() {
            return REGISTRY;
        }
    }
}
