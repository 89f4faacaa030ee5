package dev.firebreak.spring.boot.criticality;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.webclient.WebClientCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;

/**
 * Every {@code WebClient} built from Boot's builder sends the caller's level in the criticality header
 * ({@link CriticalityExchangeFilter}); off with {@code firebreak.criticality.propagate=false}.
 */
@AutoConfiguration
@ConditionalOnClass(name = {"org.springframework.boot.webclient.WebClientCustomizer",
        "org.springframework.web.reactive.function.client.WebClient", "reactor.core.publisher.Mono"})
@ConditionalOnBooleanProperty(name = CriticalityRestClientAutoConfiguration.PROPAGATE, matchIfMissing = true)
public class CriticalityWebClientAutoConfiguration {

    /** Adds the filter to Boot's {@code WebClient.Builder}. */
    @Bean
    public WebClientCustomizer firebreakCriticalityWebClientCustomizer(Environment environment) {
        CriticalityExchangeFilter filter = new CriticalityExchangeFilter(CriticalityHeaderName.of(environment));
        return builder -> builder.filter(filter);
    }
}
