package dev.firebreak.spring.annotation;

import dev.firebreak.Fallback;
import dev.firebreak.Guard;
import dev.firebreak.GuardException;
import dev.firebreak.context.Criticality;
import java.lang.reflect.Method;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.aopalliance.intercept.MethodInterceptor;
import org.aopalliance.intercept.MethodInvocation;
import org.springframework.aop.support.AopUtils;
import org.springframework.util.ClassUtils;

/**
 * Runs each call of a {@link Guarded} method under its guard, as its {@link ReturnKind} says.
 * Reactor's types are handled by {@link ReactiveGuarding}, loaded only for Mono and Flux methods.
 */
final class GuardedInterceptor implements MethodInterceptor {

    private final GuardedMethods methods;
    /*
     * The last resolution of each invoked method: the bean class it was resolved for and its GuardedMethod.
     * A call of the same method on a bean of the same class (nearly every call) skips the most-specific-
     * method search and the two map lookups behind it; another class resolves again and replaces it.
     * Entries are immutable records, so a racing replacement is harmless: either is a valid resolution.
     */
    private final ConcurrentHashMap<Method, Resolved> resolved = new ConcurrentHashMap<>();

    private record Resolved(Class<?> targetClass, GuardedMethod guarded) {
    }

    GuardedInterceptor(GuardedMethods methods) {
        this.methods = methods;
    }

    @Override
    public Object invoke(MethodInvocation invocation) throws Throwable {
        Object target = invocation.getThis();
        Method invoked = invocation.getMethod();
        Class<?> targetClass = ClassUtils.getUserClass(
                target == null ? invoked.getDeclaringClass() : AopUtils.getTargetClass(target));
        Resolved last = resolved.get(invoked);
        GuardedMethod guarded;
        if (last != null && last.targetClass() == targetClass) {
            guarded = last.guarded();
        } else {
            guarded = methods.get(AopUtils.getMostSpecificMethod(invoked, targetClass), targetClass);
            resolved.put(invoked, new Resolved(targetClass, guarded));
        }
        Criticality level = guarded.criticality();
        if (level == null) {
            return invoke(invocation, guarded, target, targetClass);
        }
        if (guarded.kind() == ReturnKind.MONO || guarded.kind() == ReturnKind.FLUX) {
            return ReactiveGuarding.at(level, invoke(invocation, guarded, target, targetClass));
        }
        Criticality before = Criticality.swap(level);
        try {
            return invoke(invocation, guarded, target, targetClass);
        } finally {
            Criticality.swap(before);
        }
    }

    private Object invoke(MethodInvocation invocation, GuardedMethod guarded, Object target, Class<?> targetClass)
            throws Throwable {
        Guard guard = methods.guard(guarded.guardName());
        Object[] args = invocation.getArguments();
        if (guarded.retry() != null || guarded.hedge() != null) {
            return DeclaredPolicyCalls.invoke(methods, guarded, guard, invocation, target, args);
        }
        return switch (guarded.kind()) {
            case SYNC -> guard.execute(() -> proceed(invocation), fallback(methods, guarded, target, targetClass, args));
            case STAGE -> stage(methods, guard, invocation, guarded, target, args);
            case MONO -> ReactiveGuarding.mono(methods, guard, invocation, guarded, target, args);
            case FLUX -> ReactiveGuarding.flux(methods, guard, invocation, guarded, target, args);
        };
    }

    /** The guarded method's body; what it throws is the call's failure. */
    static Object proceed(MethodInvocation invocation) throws Exception {
        try {
            return invocation.proceed();
        } catch (Exception | Error thrown) {
            throw thrown;
        } catch (Throwable other) {
            throw new IllegalStateException(other);
        }
    }

    /**
     * A plain-value method's fallback: the fallback method chosen for the failure, through its own guard
     * (and its own fallback) when it is {@code @Guarded} itself. A guarded fallback's failure is its
     * guard's {@code GuardException}, which the caller finds as the {@code fallbackFailure()} of the
     * guarded method's.
     */
    static Fallback<Object> fallback(GuardedMethods methods, GuardedMethod guarded, Object target, Class<?> targetClass,
            Object[] args) {
        FallbackMethod fallback = guarded.fallback();
        if (fallback == null) {
            return null;
        }
        return failure -> {
            Throwable cause = FallbackMethod.causeOf(failure);
            Method chosen = fallback.choose(cause);
            Object[] actual = FallbackMethod.arguments(chosen, args, cause);
            if (!fallback.isGuarded(chosen)) {
                return FallbackMethod.call(chosen, target, actual);
            }
            GuardedMethod inner = methods.get(chosen, targetClass);
            return methods.guard(inner.guardName()).execute(() -> FallbackMethod.call(chosen, target, actual),
                    fallback(methods, inner, target, targetClass, actual));
        };
    }

    /**
     * A stage-returning method: the guard watches the stage it returns; the fallback method's stage
     * replaces it after a failure (the guard records the fallback as chosen when it asks for it).
     */
    @SuppressWarnings("unchecked")
    private static Object stage(GuardedMethods methods, Guard guard, MethodInvocation invocation, GuardedMethod guarded,
            Object target, Object[] args) {
        FallbackMethod fallback = guarded.fallback();
        CompletableFuture<Object> outcome = guard.submitAsync(() -> {
            try {
                CompletionStage<Object> stage = (CompletionStage<Object>) proceed(invocation);
                return stage == null ? CompletableFuture.completedFuture(null) : stage;
            } catch (Exception e) {
                return CompletableFuture.failedFuture(e);
            }
        }, fallback == null ? null : FellBack::new);
        return switchToFallback(methods, outcome, fallback, target, args);
    }

    /**
     * The caller's stage: {@code outcome}, or, where it completed with {@link FellBack}, the fallback
     * method's stage ({@code outcome} as it is without a fallback method).
     */
    static CompletableFuture<Object> switchToFallback(GuardedMethods methods, CompletableFuture<Object> outcome,
            FallbackMethod fallback, Object target, Object[] args) {
        if (fallback == null) {
            return outcome;
        }
        return outcome.thenCompose(value -> value instanceof FellBack(GuardException failure)
                ? stageFallback(methods, fallback, target, args, failure) : CompletableFuture.completedFuture(value));
    }

    /**
     * The stage of the fallback method chosen for {@code failure}: its own stage, or, when it is
     * {@code @Guarded} itself, its stage through its own guard and fallback, whose failure reaches the caller
     * as {@code failure} with that failure as its {@code fallbackFailure()}.
     */
    static CompletableFuture<Object> stageFallback(GuardedMethods methods, FallbackMethod fallback, Object target,
            Object[] args, GuardException failure) {
        Throwable cause = FallbackMethod.causeOf(failure);
        Method chosen = fallback.choose(cause);
        Object[] actual = FallbackMethod.arguments(chosen, args, cause);
        if (!fallback.isGuarded(chosen)) {
            return stageOf(chosen, target, actual);
        }
        GuardedMethod inner = methods.get(chosen, userClass(target));
        CompletableFuture<Object> answer = methods.guard(inner.guardName())
                .submitAsync(() -> stageOf(chosen, target, actual), inner.fallback() == null ? null : FellBack::new);
        return switchToFallback(methods, answer, inner.fallback(), target, actual)
                .handle((value, thrown) -> thrown == null ? CompletableFuture.completedFuture(value)
                        : CompletableFuture.<Object>failedFuture(failure.fallbackFailedLater(unwrap(thrown))))
                .thenCompose(Function.identity());
    }

    @SuppressWarnings("unchecked")
    private static CompletableFuture<Object> stageOf(Method method, Object target, Object[] args) {
        try {
            CompletionStage<Object> stage = (CompletionStage<Object>) FallbackMethod.call(method, target, args);
            return stage == null ? CompletableFuture.completedFuture(null) : stage.toCompletableFuture();
        } catch (Exception e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    private static Throwable unwrap(Throwable thrown) {
        return thrown instanceof CompletionException && thrown.getCause() != null ? thrown.getCause() : thrown;
    }

    /** The class whose methods a fallback is resolved on: the bean's own, not a CGLIB subclass. */
    static Class<?> userClass(Object target) {
        return target == null ? Object.class : ClassUtils.getUserClass(target);
    }

    /** What the guard's fallback returns for a stage method: the caller then switches to the fallback's stage. */
    record FellBack(GuardException failure) {
    }
}
