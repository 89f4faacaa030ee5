package dev.firebreak.spring.cloud;

import dev.firebreak.Guard;
import dev.firebreak.reactor.GuardedFlux;
import dev.firebreak.reactor.GuardedMono;
import java.util.function.Function;
import org.springframework.cloud.client.circuitbreaker.ReactiveCircuitBreaker;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * A Spring Cloud {@link ReactiveCircuitBreaker} over {@link GuardedMono} and {@link GuardedFlux}: each
 * subscription is one guarded call (the timeout bounds the whole stream), cancelling it cancels the
 * call. The fallback receives the call's own exception for a failure and the {@code GuardException}
 * otherwise; the guard records the fallback as chosen when it is asked for.
 */
public final class GuardReactiveCircuitBreaker implements ReactiveCircuitBreaker {

    private final Guard guard;

    GuardReactiveCircuitBreaker(Guard guard) {
        this.guard = guard;
    }

    /** The guard this circuit breaker runs its subscriptions under. */
    public Guard guard() {
        return guard;
    }

    @Override
    public <T> Mono<T> run(Mono<T> toRun, Function<Throwable, Mono<T>> fallback) {
        if (fallback == null) {
            return GuardedMono.of(guard, toRun);
        }
        return GuardedMono.withFallback(guard, toRun, failure -> fallback.apply(BreakerGuards.cause(failure)));
    }

    @Override
    public <T> Flux<T> run(Flux<T> toRun, Function<Throwable, Flux<T>> fallback) {
        if (fallback == null) {
            return GuardedFlux.of(guard, toRun);
        }
        return GuardedFlux.of(guard, toRun, failure -> fallback.apply(BreakerGuards.cause(failure)));
    }
}
