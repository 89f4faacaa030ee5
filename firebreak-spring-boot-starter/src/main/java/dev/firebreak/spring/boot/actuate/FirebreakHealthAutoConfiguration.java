package dev.firebreak.spring.boot.actuate;

import dev.firebreak.spring.boot.FirebreakAutoConfiguration;
import dev.firebreak.spring.boot.GuardRegistryHolder;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;

/**
 * The {@code firebreak} health component (open breakers reported), when Spring Boot's health support is
 * present; off with {@code management.health.firebreak.enabled=false}.
 */
@AutoConfiguration(after = FirebreakAutoConfiguration.class)
@ConditionalOnClass(HealthIndicator.class)
@ConditionalOnEnabledHealthIndicator("firebreak")
public class FirebreakHealthAutoConfiguration {

    /** The health component; it reads the registry only if the registry has been made. */
    @Bean
    @ConditionalOnMissingBean(name = "firebreakHealthIndicator")
    FirebreakHealthIndicator firebreakHealthIndicator(GuardRegistryHolder registry) {
        return new FirebreakHealthIndicator(registry);
    }
}
