package dev.firebreak.spring.boot.actuate;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.web.cors.CorsConfiguration;

/**
 * Cross-origin reading of the streams ({@link StreamCors}): {@code firebreak.stream.allowed-origins}, else
 * {@code management.endpoints.web.cors.*}, mapped onto the streams' paths through Spring's own CORS
 * processing (preflights answered, origins not allowed refused with 403), on Spring MVC or WebFlux.
 * With neither setting it adds nothing: the streams stay same-origin only.
 */
@AutoConfiguration
@ConditionalOnWebApplication
public class FirebreakCorsAutoConfiguration {

    /** The mappings on Spring MVC. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
    static class ServletCorsConfiguration {
        @Bean
        @ConditionalOnClass(name = "org.springframework.web.servlet.config.annotation.WebMvcConfigurer")
        org.springframework.web.servlet.config.annotation.WebMvcConfigurer firebreakStreamCors(Environment environment) {
            CorsConfiguration config = StreamCors.of(environment); // a bad origin fails the start
            return new org.springframework.web.servlet.config.annotation.WebMvcConfigurer() {
                @Override
                public void addCorsMappings(org.springframework.web.servlet.config.annotation.CorsRegistry registry) {
                    if (config != null) {
                        StreamCors.paths(environment).forEach(path -> registry.addMapping(path).combine(config));
                    }
                }
            };
        }
    }

    /** The mappings on WebFlux. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
    static class ReactiveCorsConfiguration {
        @Bean
        @ConditionalOnClass(name = "org.springframework.web.reactive.config.WebFluxConfigurer")
        org.springframework.web.reactive.config.WebFluxConfigurer firebreakStreamCorsReactive(Environment environment) {
            CorsConfiguration config = StreamCors.of(environment);
            return new org.springframework.web.reactive.config.WebFluxConfigurer() {
                @Override
                public void addCorsMappings(org.springframework.web.reactive.config.CorsRegistry registry) {
                    if (config != null) {
                        StreamCors.paths(environment).forEach(path -> registry.addMapping(path).combine(config));
                    }
                }
            };
        }
    }
}
