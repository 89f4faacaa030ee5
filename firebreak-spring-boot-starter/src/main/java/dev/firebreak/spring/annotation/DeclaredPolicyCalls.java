package dev.firebreak.spring.annotation;

import dev.firebreak.Fallback;
import dev.firebreak.Guard;
import dev.firebreak.GuardedCall;
import dev.firebreak.hedge.Idempotent;
import dev.firebreak.spring.annotation.GuardedInterceptor.FellBack;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;
import org.aopalliance.intercept.MethodInvocation;
import org.springframework.aop.ProxyMethodInvocation;

/**
 * A call of a {@link Guarded} method that declares a retry or a hedge: the policy is outside the guard
 * and each attempt is one call through it (the guard's fallback deferred to the policy, so an attempt is
 * recorded as an attempt, never as a caller's outcome); the fallback method answers the caller once,
 * after the policy's last attempt. Synchronous, {@code CompletionStage} and {@code Mono} methods
 * ({@link ReactiveGuarding#declared}); a {@code Flux} method is refused when the bean is created
 * ({@link DeclaredPolicies#check}).
 */
final class DeclaredPolicyCalls {

    private DeclaredPolicyCalls() {
    }

    static Object invoke(GuardedMethods methods, GuardedMethod guarded, Guard guard, MethodInvocation invocation,
            Object target, Object[] args) {
        if (guarded.kind() == ReturnKind.MONO) {
            return ReactiveGuarding.declared(methods, guarded, guard, invocation, target, args);
        }
        FallbackMethod fallback = guarded.fallback();
        if (guarded.kind() == ReturnKind.STAGE) {
            Supplier<CompletionStage<Object>> attempt = () -> stageAttempt(invocation);
            Fallback<Object> marker = fallback == null ? null : FellBack::new;
            CompletableFuture<Object> outcome = guarded.retry() != null
                    ? methods.retry(guarded.retry(), guard).submitAsync(attempt, marker)
                    : methods.hedge(guarded.hedge(), guard).submitAsync(Idempotent.stage(attempt), marker);
            return GuardedInterceptor.switchToFallback(outcome, fallback, target, args);
        }
        GuardedCall<Object> attempt = () -> GuardedInterceptor.proceed(fresh(invocation));
        Class<?> targetClass = target == null ? Object.class : org.springframework.util.ClassUtils.getUserClass(target);
        Fallback<Object> answer = GuardedInterceptor.fallback(methods, guarded, target, targetClass, args);
        return guarded.retry() != null
                ? methods.retry(guarded.retry(), guard).execute(attempt, answer)
                : methods.hedge(guarded.hedge(), guard).execute(Idempotent.call(attempt), answer);
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
    private static MethodInvocation fresh(MethodInvocation invocation) {
        return invocation instanceof ProxyMethodInvocation proxied ? proxied.invocableClone() : invocation;
    }
}
