package dev.firebreak.spring.cloud;

import dev.firebreak.Guard;
import dev.firebreak.GuardException;
import java.util.function.Function;
import java.util.function.Supplier;
import org.springframework.cloud.client.circuitbreaker.CircuitBreaker;

/**
 * A Spring Cloud {@link CircuitBreaker} that runs each call with {@link Guard#execute}: breaker,
 * isolation, timeout, metrics. The fallback receives the call's own exception for a failure and the
 * {@code GuardException} for a timeout, a rejection or an open breaker; an exception the fallback
 * throws (such as the {@code NoFallbackAvailableException} of {@code run(supplier)}) reaches the
 * caller as it is.
 */
public final class GuardCircuitBreaker implements CircuitBreaker {

    private final Guard guard;

    GuardCircuitBreaker(Guard guard) {
        this.guard = guard;
    }

    /** The guard this circuit breaker runs its calls under. */
    public Guard guard() {
        return guard;
    }

    @Override
    public <T> T run(Supplier<T> toRun, Function<Throwable, T> fallback) {
        try {
            return guard.execute(toRun::get, fallback == null ? null : failure -> fallback.apply(BreakerGuards.cause(failure)));
        } catch (GuardException failed) {
            if (failed.fallbackFailure() instanceof RuntimeException fromFallback) {
                throw fromFallback;
            }
            throw failed;
        }
    }
}
