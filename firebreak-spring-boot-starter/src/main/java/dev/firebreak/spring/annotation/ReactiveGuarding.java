package dev.firebreak.spring.annotation;

import dev.firebreak.Fallback;
import dev.firebreak.Guard;
import dev.firebreak.GuardException;
import dev.firebreak.context.Criticality;
import dev.firebreak.reactor.GuardedFlux;
import dev.firebreak.reactor.GuardedMono;
import dev.firebreak.spring.annotation.GuardedInterceptor.FellBack;
import dev.firebreak.spring.boot.criticality.ReactorCriticality;
import java.lang.reflect.Method;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
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

    /**
     * A Mono or Flux method's publisher run at {@code level}: each subscription with the level scoped on the
     * subscribing thread (where the guard admits) and in its Reactor Context.
     */
    static Object at(Criticality level, Object publisher) {
        return switch (publisher) {
            case Mono<?> mono -> ReactorCriticality.at(level, mono);
            case Flux<?> flux -> ReactorCriticality.at(level, flux);
            default -> publisher;
        };
    }

    /**
     * A Mono method that declares a retry or a hedge: the method is called at once, as above; each
     * subscription is one call of the policy, each attempt a subscription to the method's Mono through the
     * guard ({@code submitAsync}). Cancelling the subscription cancels the policy's call (its attempt in
     * flight, its pending wait); the fallback method's Mono follows the policy's last attempt.
     */
    @SuppressWarnings("unchecked")
    static Mono<Object> declared(GuardedMethods methods, GuardedMethod guarded, Guard guard, MethodInvocation invocation,
            Object target, Object[] args) {
        Mono<Object> assembled;
        try {
            assembled = (Mono<Object>) GuardedInterceptor.proceed(invocation);
            assembled = assembled == null ? Mono.empty() : assembled;
        } catch (Exception e) {
            assembled = Mono.error(e);
        }
        Mono<Object> source = assembled;
        FallbackMethod fallback = guarded.fallback();
        Supplier<CompletionStage<Object>> attempt = source::toFuture; // cancelling the future cancels the subscription
        Fallback<Object> marker = fallback == null ? null : FellBack::new;
        Mono<Object> outcome = Mono.defer(() -> Mono.fromFuture(
                DeclaredPolicyCalls.submitAsync(methods, guarded, guard, attempt, marker)));
        if (fallback == null) {
            return outcome;
        }
        return outcome.flatMap(value -> value instanceof FellBack(GuardException failure)
                ? monoFallback(methods, fallback, target, args, failure) : Mono.just(value));
    }

    /**
     * A Flux method that declares a retry, a hedge or both: the method is called at once; each subscription
     * is one call of the policies, each attempt a {@link FluxAttempt} of a new call of the method (the
     * first attempt subscribes to the Flux the first call returned), seen by the policies up to its first
     * element. The attempt that answers first is the caller's stream; every other attempt is cancelled.
     */
    static Flux<Object> declaredFlux(GuardedMethods methods, GuardedMethod guarded, Guard guard,
            MethodInvocation invocation, Object target, Object[] args) {
        AtomicReference<Flux<Object>> assembled = new AtomicReference<>(assemble(DeclaredPolicyCalls.fresh(invocation)));
        FallbackMethod fallback = guarded.fallback();
        Fallback<Object> marker = fallback == null ? null : FellBack::new;
        return Flux.defer(() -> {
            List<FluxAttempt> attempts = new CopyOnWriteArrayList<>();
            Supplier<CompletionStage<Object>> attempt = () -> {
                Flux<Object> source = assembled.getAndSet(null);
                return FluxAttempt.start(guard, source != null ? source : assemble(DeclaredPolicyCalls.fresh(invocation)),
                        attempts::add);
            };
            CompletableFuture<Object> outcome = DeclaredPolicyCalls.submitAttempts(methods, guarded, guard, attempt, marker);
            return Mono.fromFuture(outcome).flatMapMany(value -> {
                for (FluxAttempt other : attempts) {
                    if (other != value) {
                        other.cancel(); // an attempt that answered too late to win still holds its permit
                    }
                }
                if (value instanceof FluxAttempt winner) {
                    return winner.rest();
                }
                return fluxFallback(methods, fallback, target, args, ((FellBack) value).failure());
            }).doOnCancel(() -> attempts.forEach(FluxAttempt::cancel)); // also a winner the caller never reached
        });
    }

    @SuppressWarnings("unchecked")
    private static Flux<Object> assemble(MethodInvocation invocation) {
        try {
            Flux<Object> source = (Flux<Object>) GuardedInterceptor.proceed(invocation);
            return source == null ? Flux.empty() : source;
        } catch (Exception e) {
            return Flux.error(e);
        }
    }

    /**
     * The Mono of the fallback method chosen for {@code failure}: its own, or, when it is {@code @Guarded}
     * itself, its Mono through its own guard and fallback, whose error reaches the subscriber as
     * {@code failure} with that error as its {@code fallbackFailure()}.
     */
    @SuppressWarnings("unchecked")
    static Mono<Object> monoFallback(GuardedMethods methods, FallbackMethod fallback, Object target, Object[] args,
            GuardException failure) {
        Throwable cause = FallbackMethod.causeOf(failure);
        Method chosen = fallback.choose(cause);
        Object[] actual = FallbackMethod.arguments(chosen, args, cause);
        Mono<Object> source;
        try {
            source = (Mono<Object>) FallbackMethod.call(chosen, target, actual);
            source = source == null ? Mono.empty() : source;
        } catch (Exception e) {
            source = Mono.error(e);
        }
        if (!fallback.isGuarded(chosen)) {
            return source;
        }
        GuardedMethod inner = methods.get(chosen, GuardedInterceptor.userClass(target));
        Guard guard = methods.guard(inner.guardName());
        Mono<Object> answer = inner.fallback() == null ? GuardedMono.of(guard, source) : GuardedMono.withFallback(guard,
                source, innerFailure -> monoFallback(methods, inner.fallback(), target, actual, innerFailure));
        return answer.onErrorMap(failure::fallbackFailedLater);
    }

    /** The Flux of the fallback method chosen for {@code failure}, as {@link #monoFallback} for a Mono. */
    @SuppressWarnings("unchecked")
    static Flux<Object> fluxFallback(GuardedMethods methods, FallbackMethod fallback, Object target, Object[] args,
            GuardException failure) {
        Throwable cause = FallbackMethod.causeOf(failure);
        Method chosen = fallback.choose(cause);
        Object[] actual = FallbackMethod.arguments(chosen, args, cause);
        Flux<Object> source;
        try {
            source = (Flux<Object>) FallbackMethod.call(chosen, target, actual);
            source = source == null ? Flux.empty() : source;
        } catch (Exception e) {
            source = Flux.error(e);
        }
        if (!fallback.isGuarded(chosen)) {
            return source;
        }
        GuardedMethod inner = methods.get(chosen, GuardedInterceptor.userClass(target));
        Guard guard = methods.guard(inner.guardName());
        Flux<Object> answer = GuardedFlux.of(guard, source, inner.fallback() == null ? null
                : innerFailure -> fluxFallback(methods, inner.fallback(), target, actual, innerFailure));
        return answer.onErrorMap(failure::fallbackFailedLater);
    }

    @SuppressWarnings("unchecked")
    static Mono<Object> mono(GuardedMethods methods, Guard guard, MethodInvocation invocation, GuardedMethod guarded,
            Object target, Object[] args) {
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
        return GuardedMono.withFallback(guard, source, failure -> monoFallback(methods, fallback, target, args, failure));
    }

    @SuppressWarnings("unchecked")
    static Flux<Object> flux(GuardedMethods methods, Guard guard, MethodInvocation invocation, GuardedMethod guarded,
            Object target, Object[] args) {
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
        return GuardedFlux.of(guard, source, failure -> fluxFallback(methods, fallback, target, args, failure));
    }
}
