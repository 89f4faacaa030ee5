package dev.firebreak.spring.annotation;

import java.lang.reflect.Method;
import org.springframework.util.ClassUtils;

/**
 * One {@link Guarded} method as resolved when its bean was created: the guard's name, how its result
 * is guarded, its fallback method (null for none), and the retry or hedge declared around the guard
 * (each null for none; never both).
 */
record GuardedMethod(String guardName, ReturnKind kind, FallbackMethod fallback, String retry, String hedge) {

    /** A method with a guard and no declared retry or hedge. */
    GuardedMethod(String guardName, ReturnKind kind, FallbackMethod fallback) {
        this(guardName, kind, fallback, null, null);
    }

    /** Resolves {@code method} of bean {@code beanName}; a bad fallback throws (see {@link FallbackMethod#resolve}). */
    static GuardedMethod resolve(String beanName, Class<?> beanClass, Method method) {
        Guarded guarded = GuardedSearch.find(method, beanClass);
        if (guarded == null) {
            throw new IllegalArgumentException(method + " carries no @Guarded");
        }
        if (guarded.name().isBlank()) {
            throw new IllegalStateException("Bean '" + beanName + "' (" + beanClass.getName() + "): @Guarded method "
                    + method.getName() + " has a blank name; expected the guard's name, e.g. @Guarded(name = \"quotes\")");
        }
        ReturnKind kind = ReturnKind.of(method.getReturnType());
        if ((kind == ReturnKind.MONO || kind == ReturnKind.FLUX)
                && !ClassUtils.isPresent("dev.firebreak.reactor.GuardedMono", beanClass.getClassLoader())) {
            throw new IllegalStateException("Bean '" + beanName + "' (" + beanClass.getName() + "): @Guarded method "
                    + method.getName() + " returns a " + method.getReturnType().getSimpleName()
                    + "; expected dev.firebreak:firebreak-reactor on the classpath to guard it");
        }
        DeclaredPolicies.check(beanName, beanClass, method, guarded, kind);
        FallbackMethod fallback = guarded.fallbackMethod().isEmpty() ? null
                : FallbackMethod.resolve(beanName, beanClass, method, guarded.fallbackMethod());
        return new GuardedMethod(guarded.name(), kind, fallback, emptyToNull(guarded.retry()), emptyToNull(guarded.hedge()));
    }

    private static String emptyToNull(String name) {
        return name.isEmpty() ? null : name;
    }
}
