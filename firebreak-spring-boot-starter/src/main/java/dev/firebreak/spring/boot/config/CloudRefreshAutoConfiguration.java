package dev.firebreak.spring.boot.config;

import dev.firebreak.spring.boot.FirebreakAutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.context.annotation.Bean;

/**
 * With Spring Cloud's context on the classpath, its refresh events ({@code EnvironmentChangeEvent}) apply
 * the changed keys to the registry's configuration at once, instead of at the next poll. Without it, Boot
 * skips this auto-configuration from the starter's metadata, without reading this class.
 */
@AutoConfiguration(after = FirebreakAutoConfiguration.class)
@ConditionalOnClass(name = "org.springframework.cloud.context.environment.EnvironmentChangeEvent")
public class CloudRefreshAutoConfiguration {

    /** The listener applying refresh events to the binder's source. */
    @Bean
    RefreshOnEnvironmentChange firebreakRefreshOnEnvironmentChange(EnvironmentConfigurationBinder binder) {
        return new RefreshOnEnvironmentChange(binder.source());
    }
}
