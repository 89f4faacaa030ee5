package dev.firebreak.spring.annotation;

import dev.firebreak.Guard;
import dev.firebreak.reactor.GuardedFlux;
import dev.firebreak.reactor.GuardedMono;
import org.aopalliance.intercept.MethodInvocation;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The Mono and Flux cases of {@link GuardedInterceptor}: the method is called at once (it assembles
 * its publisher, as it would unguarded), and each subscription to that publisher is one guarded call.
 * A method that throws while assembling fails every subscription with that exception, under the guard.
 */
final class ReactiveGuarding {

    private ReactiveGuarding() {
    }

    @SuppressWarnings("unchecked")
    static Mono<Object> mono(Guard guard, MethodInvocation invocation, GuardedMethod guarded, Object target, Object[] args) {
        Mono<Object> source;
        try {
            source = (Mono<Object>) GuardedInterceptor.proceed(invocation);
            source = source == null ? Mono.empty() : source;
        } catch (Exception e) {
            source = Mono.error(e);
        }
        FallbackMethod fallback = guarded.fallback();
        if (fallback == null) {
            return GuardedMono.of(guard, source);
        }
        return GuardedMono.withFallback(guard, source, failure -> {
            try {
                return (Mono<Object>) fallback.invoke(target, args, failure);
            } catch (Exception e) {
                return Mono.error(e);
            }
        });
    }

    @SuppressWarnings("unchecked")
    static Flux<Object> flux(Guard guard, MethodInvocation invocation, GuardedMethod guarded, Object target, Object[] args) {
        Flux<Object> source;
        try {
            source = (Flux<Object>) GuardedInterceptor.proceed(invocation);
            source = source == null ? Flux.empty() : source;
        } catch (Exception e) {
            source = Flux.error(e);
        }
        FallbackMethod fallback = guarded.fallback();
        if (fallback == null) {
            return GuardedFlux.of(guard, source);
        }
        return GuardedFlux.of(guard, source, failure -> {
            try {
                return (Flux<Object>) fallback.invoke(target, args, failure);
            } catch (Exception e) {
                return Flux.error(e);
            }
        });
    }
}
