package dev.firebreak.spring.boot.actuate;

import dev.firebreak.redis.SharedRateLimit;
import dev.firebreak.spring.boot.FirebreakAutoConfiguration;
import dev.firebreak.spring.boot.GuardRegistryHolder;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The {@code firebreak} health component (open breakers reported), when Spring Boot's health support is
 * present; off with {@code management.health.firebreak.enabled=false}. With {@code SharedRateLimit} beans
 * (firebreak-redis), the {@code firebreakSharedRateLimits} component too.
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

    /** The shared rate limits' health component, for an application with {@code SharedRateLimit} beans. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = "dev.firebreak.redis.SharedRateLimit")
    static class SharedRateLimits {
        @Bean
        @ConditionalOnBean(SharedRateLimit.class)
        @ConditionalOnMissingBean(name = "firebreakSharedRateLimitsHealthIndicator")
        SharedRateLimitHealthIndicator firebreakSharedRateLimitsHealthIndicator(ObjectProvider<SharedRateLimit> limits) {
            return new SharedRateLimitHealthIndicator(() -> limits.orderedStream().toList());
        }
    }
}
