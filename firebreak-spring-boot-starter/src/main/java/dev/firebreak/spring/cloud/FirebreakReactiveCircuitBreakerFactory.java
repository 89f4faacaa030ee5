package dev.firebreak.spring.cloud;

import dev.firebreak.GuardRegistry;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Supplier;
import org.springframework.cloud.client.circuitbreaker.ReactiveCircuitBreaker;
import org.springframework.cloud.client.circuitbreaker.ReactiveCircuitBreakerFactory;

/**
 * Spring Cloud's {@link ReactiveCircuitBreakerFactory} over the application's {@link GuardRegistry}: as
 * {@link FirebreakCircuitBreakerFactory}, for {@code Mono} and {@code Flux}.
 */
public class FirebreakReactiveCircuitBreakerFactory
        extends ReactiveCircuitBreakerFactory<FirebreakCircuitBreakerConfig, FirebreakCircuitBreakerConfig.Builder> {

    private final Supplier<GuardRegistry> registry;
    private volatile Function<String, FirebreakCircuitBreakerConfig> defaults = id -> FirebreakCircuitBreakerConfig.builder().build();

    /** A factory creating its guards in {@code registry}. */
    public FirebreakReactiveCircuitBreakerFactory(GuardRegistry registry) {
        this(fixed(Objects.requireNonNull(registry, "registry")));
    }

    /**
     * A factory creating its guards in the registry {@code registry} gives at each {@code create} (the
     * starter's is made at its first use: the first circuit breaker created may be that use).
     */
    public FirebreakReactiveCircuitBreakerFactory(Supplier<GuardRegistry> registry) {
        this.registry = Objects.requireNonNull(registry, "registry");
    }

    private static Supplier<GuardRegistry> fixed(GuardRegistry registry) {
        return () -> registry;
    }

    @Override
    public ReactiveCircuitBreaker create(String id) {
        return create(id, null);
    }

    @Override
    public ReactiveCircuitBreaker create(String id, String groupName) {
        return new GuardReactiveCircuitBreaker(BreakerGuards.guard(registry.get(), id, groupName, getConfigurations(), defaults));
    }

    @Override
    protected FirebreakCircuitBreakerConfig.Builder configBuilder(String id) {
        return FirebreakCircuitBreakerConfig.builder();
    }

    @Override
    public void configureDefault(Function<String, FirebreakCircuitBreakerConfig> defaultConfiguration) {
        this.defaults = Objects.requireNonNull(defaultConfiguration, "defaultConfiguration");
    }
}
