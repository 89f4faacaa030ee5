package dev.firebreak.spring.boot;

import dev.firebreak.GuardRegistry;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * Firebreak's core auto-configuration: one {@link GuardRegistry} for the application, closed with the
 * context (its pools shut down, its scheduler stops). An application that declares its own
 * {@code GuardRegistry} bean keeps it; every other Firebreak auto-configuration uses that bean.
 */
@AutoConfiguration
public class FirebreakAutoConfiguration {

    /** The application's registry, on the system clock; closed when the context closes. */
    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean
    public GuardRegistry firebreakGuardRegistry() {
        return GuardRegistry.builder().build();
    }
}
