package dev.firebreak.spring.boot.chaos;

import dev.firebreak.spring.boot.FirebreakAutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;

/**
 * In a servlet application that allows chaos ({@code firebreak.chaos.enabled: true}) and names chaos
 * headers ({@code firebreak.chaos.headers}), the filter that copies those headers into the request's chaos
 * tags ({@link ChaosHeaderServletFilter}).
 */
@AutoConfiguration(after = FirebreakAutoConfiguration.class)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnClass(name = {"jakarta.servlet.Filter", "org.springframework.web.filter.OncePerRequestFilter"})
@ConditionalOnBooleanProperty(ChaosHeaders.ENABLED)
@ConditionalOnProperty(ChaosHeaders.HEADERS)
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
