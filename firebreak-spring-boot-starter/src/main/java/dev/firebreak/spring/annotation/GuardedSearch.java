package dev.firebreak.spring.annotation;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
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
     * The {@code @Guarded} that applies to {@code method} when a bean of {@code targetClass} runs it: the one
     * {@link #carriesGuarded} finds (on the method, or on a method it overrides or implements), else the one
     * {@link #onTargetsInterface} finds; null if neither (and for the JDK's and Spring's methods).
     */
    static Guarded find(Method method, Class<?> targetClass) {
        if (!mayDeclareGuarded(method.getDeclaringClass())) {
            return null;
        }
        Guarded own = AnnotatedElementUtils.findMergedAnnotation(method, Guarded.class);
        return own != null || targetClass == null ? own : onTargetsInterface(method, targetClass);
    }

    /**
     * The {@code @Guarded} of an interface method that {@code method} implements only through
     * {@code targetClass}: a public method {@code targetClass} inherits from a superclass that does not
     * itself implement the interface ({@code class Impl extends Base implements Api}, where only
     * {@code Api.call} is annotated and only {@code Base} declares {@code call}). Searching the method's
     * own hierarchy cannot see it: {@code Base} does not know {@code Api}. Null if no interface of
     * {@code targetClass} declares the method with {@code @Guarded}, and for the JDK's and Spring's methods.
     */
    static Guarded onTargetsInterface(Method method, Class<?> targetClass) {
        Class<?> declaring = method.getDeclaringClass();
        if (declaring.isInterface() || !Modifier.isPublic(method.getModifiers()) || Modifier.isStatic(method.getModifiers())
                || !mayDeclareGuarded(declaring)) {
            return null;
        }
        for (Class<?> contract : ClassUtils.getAllInterfacesForClassAsSet(targetClass)) {
            if (!mayDeclareGuarded(contract) || contract.isAssignableFrom(declaring)) {
                continue; // the method's own hierarchy holds this interface: already searched
            }
            Method declared = ReflectionUtils.findMethod(contract, method.getName(), method.getParameterTypes());
            Guarded guarded = declared == null ? null : AnnotatedElementUtils.findMergedAnnotation(declared, Guarded.class);
            if (guarded != null) {
                return guarded;
            }
        }
        return null;
    }

    /** Whether an interface {@code beanClass} implements declares a {@code @Guarded} method. */
    static boolean interfacesDeclareGuarded(Class<?> beanClass) {
        for (Class<?> contract : ClassUtils.getAllInterfacesForClassAsSet(beanClass)) {
            for (Method method : contract.getMethods()) {
                if (carriesGuarded(method)) {
                    return true;
                }
            }
        }
        return false;
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
        return interfacesDeclareGuarded(beanClass);
    }
}
