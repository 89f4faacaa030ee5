package dev.firebreak.spring.annotation;

import dev.firebreak.classify.ClassifyConfig;
import dev.firebreak.context.Criticality;
import java.lang.reflect.Method;
import java.util.List;
import org.springframework.util.ClassUtils;

/**
 * One {@link Guarded} method as resolved when its bean was created: the guard's name, how its result
 * is guarded, its fallback method (null for none), the retry and the hedge declared around the guard
 * (each null for none), the classification it declares for its guard, and the level it runs at (null:
 * the caller's).
 */
record GuardedMethod(String guardName, ReturnKind kind, FallbackMethod fallback, String retry, String hedge,
        ClassifyConfig classify, Criticality criticality) {

    /** A method with a guard and no declared retry, hedge, classification or level. */
    GuardedMethod(String guardName, ReturnKind kind, FallbackMethod fallback) {
        this(guardName, kind, fallback, null, null, ClassifyConfig.defaults(), null);
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
        DeclaredPolicies.check(beanName, beanClass, method, guarded);
        FallbackMethod fallback = guarded.fallbackMethod().isEmpty() ? null
                : FallbackMethod.resolve(beanName, beanClass, method, guarded.fallbackMethod());
        if (fallback != null && fallback.anyGuarded()) {
            FallbackCycles.check(beanName, beanClass, method, fallback);
        }
        if (guarded.criticality().length > 1) {
            throw new IllegalStateException("Bean '" + beanName + "' (" + beanClass.getName() + "): @Guarded method "
                    + method.getName() + " declares criticality = " + java.util.Arrays.toString(guarded.criticality())
                    + "; expected at most one level");
        }
        return new GuardedMethod(guarded.name(), kind, fallback, emptyToNull(guarded.retry()), emptyToNull(guarded.hedge()),
                classify(guarded), guarded.criticality().length == 0 ? null : guarded.criticality()[0]);
    }

    /** What {@code guarded} declares in ignore, record and recordResultPredicate, as code sets a guard's keys. */
    private static ClassifyConfig classify(Guarded guarded) {
        if (guarded.ignore().length == 0 && guarded.record().length == 0 && guarded.recordResultPredicate().isEmpty()) {
            return ClassifyConfig.defaults();
        }
        ClassifyConfig.Builder declared = ClassifyConfig.builder();
        if (guarded.ignore().length > 0) {
            declared.ignoreExceptions(List.of(guarded.ignore()));
        }
        if (guarded.record().length > 0) {
            declared.recordExceptions(List.of(guarded.record()));
        }
        if (!guarded.recordResultPredicate().isEmpty()) {
            declared.recordResultPredicate(guarded.recordResultPredicate());
        }
        return declared.build();
    }

    /** {@code declared} as the annotation spells it, for messages. */
    static String describe(ClassifyConfig declared) {
        return "(ignore = " + names(declared.ignoreExceptions()) + ", record = " + names(declared.recordExceptions())
                + ", recordResultPredicate = \"" + declared.recordResultPredicate() + "\")";
    }

    private static String names(List<Class<? extends Throwable>> types) {
        return types.stream().map(Class::getName).collect(java.util.stream.Collectors.joining(", ", "{", "}"));
    }

    private static String emptyToNull(String name) {
        return name.isEmpty() ? null : name;
    }
}
