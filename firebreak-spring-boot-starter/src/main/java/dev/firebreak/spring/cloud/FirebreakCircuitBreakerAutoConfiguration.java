package dev.firebreak.spring.cloud;

import dev.firebreak.spring.boot.FirebreakAutoConfiguration;
import dev.firebreak.spring.boot.GuardRegistryHolder;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.cloud.client.circuitbreaker.CircuitBreakerFactory;
import org.springframework.cloud.client.circuitbreaker.Customizer;
import org.springframework.cloud.client.circuitbreaker.ReactiveCircuitBreakerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Spring Cloud CircuitBreaker's factories backed by the application's guards, when spring-cloud-commons
 * is on the classpath (the reactive one also needs Reactor and firebreak-reactor). Each factory is passed
 * to the application's {@code Customizer<FirebreakCircuitBreakerFactory>} (or reactive) beans, the place
 * for {@code configure}/{@code configureDefault}. Off with
 * {@code spring.cloud.circuitbreaker.firebreak.enabled=false}.
 */
@AutoConfiguration(after = FirebreakAutoConfiguration.class)
@ConditionalOnClass(CircuitBreakerFactory.class)
@ConditionalOnProperty(name = "spring.cloud.circuitbreaker.firebreak.enabled", havingValue = "true", matchIfMissing = true)
public class FirebreakCircuitBreakerAutoConfiguration {

    /** The blocking factory, customized by the application's customizers. */
    @Bean
    @ConditionalOnMissingBean(CircuitBreakerFactory.class)
    public FirebreakCircuitBreakerFactory firebreakCircuitBreakerFactory(GuardRegistryHolder registry,
            ObjectProvider<Customizer<FirebreakCircuitBreakerFactory>> customizers) {
        FirebreakCircuitBreakerFactory factory = new FirebreakCircuitBreakerFactory(registry::get);
        customizers.orderedStream().forEach(customizer -> customizer.customize(factory));
        return factory;
    }

    /** The reactive factory, when Reactor and firebreak-reactor are present. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = {"reactor.core.publisher.Mono", "dev.firebreak.reactor.GuardedMono"})
    static class Reactive {

        /** The reactive factory, customized by the application's customizers. */
        @Bean
        @ConditionalOnMissingBean(ReactiveCircuitBreakerFactory.class)
        FirebreakReactiveCircuitBreakerFactory firebreakReactiveCircuitBreakerFactory(GuardRegistryHolder registry,
                ObjectProvider<Customizer<FirebreakReactiveCircuitBreakerFactory>> customizers) {
            FirebreakReactiveCircuitBreakerFactory factory = new FirebreakReactiveCircuitBreakerFactory(registry::get);
            customizers.orderedStream().forEach(customizer -> customizer.customize(factory));
            return factory;
        }
    }
}
