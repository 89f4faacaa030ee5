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
 * In a reactive application that allows chaos ({@code firebreak.chaos.enabled: true}) and names chaos
 * headers ({@code firebreak.chaos.headers}), the {@code WebFilter} that copies those headers into the
 * request's chaos tags ({@link ChaosHeaderWebFilter}).
 */
@AutoConfiguration(after = FirebreakAutoConfiguration.class)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
@ConditionalOnClass(name = {"org.springframework.web.server.WebFilter", "reactor.core.publisher.Mono"})
@ConditionalOnBooleanProperty(ChaosHeaders.ENABLED)
@ConditionalOnProperty(ChaosHeaders.HEADERS)
public class FirebreakChaosReactiveAutoConfiguration {

    /** Made by Spring. */
    public FirebreakChaosReactiveAutoConfiguration() {
    }

    /** The filter tagging requests by their chaos headers. */
    @Bean
    public ChaosHeaderWebFilter firebreakChaosHeaderWebFilter(Environment environment) {
        return new ChaosHeaderWebFilter(ChaosHeaders.of(environment));
    }
}
