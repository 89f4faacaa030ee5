package dev.firebreak.spring.boot.criticality;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.restclient.RestClientCustomizer;
import org.springframework.boot.restclient.RestTemplateCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;

/**
 * Every {@code RestClient} and {@code RestTemplate} built from Boot's builders sends the caller's level in
 * the criticality header ({@link CriticalityHeaderInterceptor}); off with
 * {@code firebreak.criticality.propagate=false}.
 */
@AutoConfiguration
@ConditionalOnClass(name = {"org.springframework.boot.restclient.RestClientCustomizer",
        "org.springframework.http.client.ClientHttpRequestInterceptor"})
@ConditionalOnBooleanProperty(name = CriticalityRestClientAutoConfiguration.PROPAGATE, matchIfMissing = true)
public class CriticalityRestClientAutoConfiguration {

    /** Whether outgoing calls carry the caller's level. */
    static final String PROPAGATE = "firebreak.criticality.propagate";

    /** The interceptor both customizers add. */
    @Bean
    public CriticalityHeaderInterceptor firebreakCriticalityHeaderInterceptor(Environment environment) {
        return new CriticalityHeaderInterceptor(CriticalityHeaderName.of(environment));
    }

    /** Adds the interceptor to Boot's {@code RestClient.Builder}. */
    @Bean
    public RestClientCustomizer firebreakCriticalityRestClientCustomizer(CriticalityHeaderInterceptor interceptor) {
        return builder -> builder.requestInterceptor(interceptor);
    }

    /** Adds the interceptor to Boot's {@code RestTemplateBuilder}'s templates. */
    @Bean
    public RestTemplateCustomizer firebreakCriticalityRestTemplateCustomizer(CriticalityHeaderInterceptor interceptor) {
        return template -> template.getInterceptors().add(interceptor);
    }
}
