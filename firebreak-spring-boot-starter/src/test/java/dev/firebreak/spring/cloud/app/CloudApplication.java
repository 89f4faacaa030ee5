package dev.firebreak.spring.cloud.app;

import dev.firebreak.spring.cloud.FirebreakCircuitBreakerConfig;
import dev.firebreak.spring.cloud.FirebreakCircuitBreakerFactory;
import dev.firebreak.spring.cloud.FirebreakReactiveCircuitBreakerFactory;
import java.time.Duration;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.cloud.client.circuitbreaker.Customizer;
import org.springframework.context.annotation.Bean;

/** An application configuring Spring Cloud CircuitBreaker the documented way: customizer beans. */
@SpringBootApplication
public class CloudApplication {

    /** Blocking breakers: "slow" waits 1 s, "flaky" opens after two failures of two; others wait 5 s. */
    @Bean
    Customizer<FirebreakCircuitBreakerFactory> blockingBreakers() {
        return factory -> {
            factory.configureDefault(id -> FirebreakCircuitBreakerConfig.builder().timeout(Duration.ofSeconds(5)).build());
            factory.configure(b -> b.timeout(Duration.ofSeconds(1)), "slow");
            factory.configure(b -> b.guardConfig(c -> c.breaker(breaker -> breaker.requestVolumeThreshold(2)
                    .errorThresholdPercentage(50).sleepWindow(Duration.ofMinutes(10)))), "flaky");
        };
    }

    /** Reactive breakers: "reactive-slow" waits 1 s, others 5 s (a first WebClient call on a loaded machine). */
    @Bean
    Customizer<FirebreakReactiveCircuitBreakerFactory> reactiveBreakers() {
        return factory -> {
            factory.configureDefault(id -> FirebreakCircuitBreakerConfig.builder().timeout(Duration.ofSeconds(5)).build());
            factory.configure(b -> b.timeout(Duration.ofSeconds(1)), "reactive-slow");
        };
    }
}
