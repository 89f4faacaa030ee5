package dev.firebreak.spring.boot.chaos;

import dev.firebreak.spring.boot.FirebreakAutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;

/**
 * In a servlet application that allows chaos ({@code firebreak.chaos.enabled: true}), the filter that copies
 * the request headers {@code firebreak.chaos.headers} names into the request's chaos tags (none named: it
 * passes every request on untouched).
 */
@AutoConfiguration(after = FirebreakAutoConfiguration.class)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnClass(name = {"jakarta.servlet.Filter", "org.springframework.web.filter.OncePerRequestFilter"})
@ConditionalOnBooleanProperty(ChaosHeaders.ENABLED)
public class FirebreakChaosServletAutoConfiguration {

    /** Made by Spring. */
    public FirebreakChaosServletAutoConfiguration() {
    }

    /** The filter tagging requests by their chaos headers. */
    @Bean
    public ChaosHeaderServletFilter firebreakChaosHeaderFilter(Environment environment) {
        return new ChaosHeaderServletFilter(ChaosHeaders.of(environment));
    }
}
