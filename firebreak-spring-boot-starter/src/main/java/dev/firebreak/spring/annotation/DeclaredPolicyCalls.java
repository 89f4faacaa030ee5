package dev.firebreak.spring.annotation;

import dev.firebreak.Fallback;
import dev.firebreak.Guard;
import dev.firebreak.GuardedCall;
import dev.firebreak.callpolicy.Awaiting;
import dev.firebreak.hedge.Hedge;
import dev.firebreak.hedge.Idempotent;
import dev.firebreak.retry.Retry;
import dev.firebreak.spring.annotation.GuardedInterceptor.FellBack;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;
import org.aopalliance.intercept.MethodInvocation;
import org.springframework.aop.ProxyMethodInvocation;

/**
 * A call of a {@link Guarded} method that declares a retry, a hedge or both: the policies are outside the
 * guard (retry, then hedge, then guard: each retry attempt one hedged call, each hedge attempt one call
 * through the guard, its fallback deferred to the policy, so an attempt is recorded as an attempt, never
 * as a caller's outcome); the fallback method answers the caller once, after the last attempt.
 * Synchronous, {@code CompletionStage}, {@code Mono} and {@code Flux} methods ({@link ReactiveGuarding}).
 */
final class DeclaredPolicyCalls {

    private DeclaredPolicyCalls() {
    }

    static Object invoke(GuardedMethods methods, GuardedMethod guarded, Guard guard, MethodInvocation invocation,
            Object target, Object[] args) {
        if (guarded.kind() == ReturnKind.MONO) {
            return ReactiveGuarding.declared(methods, guarded, guard, invocation, target, args);
        }
        if (guarded.kind() == ReturnKind.FLUX) {
            return ReactiveGuarding.declaredFlux(methods, guarded, guard, invocation, target, args);
        }
        FallbackMethod fallback = guarded.fallback();
        if (guarded.kind() == ReturnKind.STAGE) {
            Supplier<CompletionStage<Object>> attempt = () -> stageAttempt(invocation);
            Fallback<Object> marker = fallback == null ? null : FellBack::new;
            return GuardedInterceptor.switchToFallback(methods, submitAsync(methods, guarded, guard, attempt, marker),
                    fallback, target, args);
        }
        GuardedCall<Object> attempt = () -> GuardedInterceptor.proceed(fresh(invocation));
        Class<?> targetClass = target == null ? Object.class : org.springframework.util.ClassUtils.getUserClass(target);
        Fallback<Object> answer = GuardedInterceptor.fallback(methods, guarded, target, targetClass, args);
        if (guarded.retry() == null) {
            return methods.hedge(guarded.hedge(), guard).execute(Idempotent.call(attempt), answer);
        }
        Retry retry = methods.retry(guarded.retry(), guard);
        if (guarded.hedge() == null) {
            return retry.execute(attempt, answer);
        }
        return Awaiting.outcome(retry.submit(methods.hedge(guarded.hedge(), guard), Idempotent.call(attempt), answer),
                retry.name());
    }

    /** The declared policies' call of a non-blocking attempt: the retry's, the hedge's, or the retry's of hedged calls. */
    static CompletableFuture<Object> submitAsync(GuardedMethods methods, GuardedMethod guarded, Guard guard,
            Supplier<CompletionStage<Object>> attempt, Fallback<Object> fallback) {
        if (guarded.retry() == null) {
            return methods.hedge(guarded.hedge(), guard).submitAsync(Idempotent.stage(attempt), fallback);
        }
        Retry retry = methods.retry(guarded.retry(), guard);
        return guarded.hedge() == null ? retry.submitAsync(attempt, fallback)
                : retry.submitAsync(methods.hedge(guarded.hedge(), guard), Idempotent.stage(attempt), fallback);
    }

    /**
     * The same for attempts that make their own call through the guard (a stream's, seen by the policies
     * up to its first element): the policies decide on each attempt's future, never guarding it again.
     */
    static CompletableFuture<Object> submitAttempts(GuardedMethods methods, GuardedMethod guarded, Guard guard,
            Supplier<CompletionStage<Object>> attempt, Fallback<Object> fallback) {
        if (guarded.retry() == null) {
            return methods.hedge(guarded.hedge(), guard).submitAttempts(Idempotent.stage(attempt), fallback);
        }
        Retry retry = methods.retry(guarded.retry(), guard);
        if (guarded.hedge() == null) {
            return retry.submitAttempts(attempt, fallback);
        }
        Hedge hedge = methods.hedge(guarded.hedge(), guard);
        return retry.submitAttempts(() -> hedge.submitAttempts(Idempotent.stage(attempt), Fallback.deferred()), fallback);
    }

    @SuppressWarnings("unchecked")
    private static CompletionStage<Object> stageAttempt(MethodInvocation invocation) {
        try {
            CompletionStage<Object> stage = (CompletionStage<Object>) GuardedInterceptor.proceed(fresh(invocation));
            return stage == null ? CompletableFuture.completedFuture(null) : stage;
        } catch (Exception e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /*
     * Each attempt proceeds on its own copy of the invocation, taken from the interceptor's position in the
     * chain: a MethodInvocation proceeds once (it keeps its place in the chain), and a hedge's attempts run
     * at the same time. The original is never proceeded, so every copy starts from the same place; the
     * copies share the argument values (the array is copied), as calling the method again would.
     */
    static MethodInvocation fresh(MethodInvocation invocation) {
        return invocation instanceof ProxyMethodInvocation proxied ? proxied.invocableClone() : invocation;
    }
}
