package dev.firebreak.spring.annotation;

import java.lang.reflect.Method;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.core.annotation.AnnotationUtils;
import org.springframework.util.ClassUtils;
import org.springframework.util.ReflectionUtils;

/**
 * Where {@link Guarded} can be and whether it is there: the searches the startup scan, the advisor and
 * the registration condition share. A class of its own, so the condition that runs in every application
 * loads neither the advisor (and Spring AOP's interfaces) nor the scanner.
 */
final class GuardedSearch {

    /**
     * Spring's own packages: an application's {@code @Guarded} methods are never declared there (also how
     * Spring names the internal beans it registers without a class, {@code org.springframework....internal...}).
     */
    static final String FRAMEWORK_PACKAGE = "org.springframework.";

    private GuardedSearch() {
    }

    /** False for classes that cannot carry {@code @Guarded}: the JDK's (Spring's own check) and Spring's. */
    static boolean mayDeclareGuarded(Class<?> beanClass) {
        return AnnotationUtils.isCandidateClass(beanClass, Guarded.class)
                && !beanClass.getName().startsWith(FRAMEWORK_PACKAGE);
    }

    /** Whether {@code method} (or one it overrides or implements) carries {@code @Guarded}; never for JDK or Spring methods. */
    static boolean carriesGuarded(Method method) {
        return mayDeclareGuarded(method.getDeclaringClass()) && AnnotatedElementUtils.hasAnnotation(method, Guarded.class);
    }

    /**
     * Whether a method of {@code beanClass} or of a superclass, or of an interface either implements,
     * carries {@code @Guarded}. Plain loops over Spring's cached declared methods rather than callbacks:
     * each lambda would be a class spun at startup.
     */
    static boolean declaresGuarded(Class<?> beanClass) {
        if (!mayDeclareGuarded(beanClass)) {
            return false;
        }
        for (Class<?> type = beanClass; type != null && type != Object.class; type = type.getSuperclass()) {
            for (Method method : ReflectionUtils.getDeclaredMethods(type)) {
                if (!method.isBridge() && carriesGuarded(method)) {
                    return true;
                }
            }
        }
        for (Class<?> contract : ClassUtils.getAllInterfacesForClassAsSet(beanClass)) {
            for (Method method : contract.getMethods()) {
                if (carriesGuarded(method)) {
                    return true;
                }
            }
        }
        return false;
    }
}
