package dev.firebreak.spring.boot.chaos;

import dev.firebreak.spring.boot.FirebreakAutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;

/**
 * In a reactive application that allows chaos ({@code firebreak.chaos.enabled: true}), the filter that copies
 * the request headers {@code firebreak.chaos.headers} names into the request's chaos tags (none named: it
 * passes every request on untouched).
 */
@AutoConfiguration(after = FirebreakAutoConfiguration.class)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
@ConditionalOnClass(name = {"org.springframework.web.server.WebFilter", "reactor.core.publisher.Mono"})
@ConditionalOnBooleanProperty(ChaosHeaders.ENABLED)
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
