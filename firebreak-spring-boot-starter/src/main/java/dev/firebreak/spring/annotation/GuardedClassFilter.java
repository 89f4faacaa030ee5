package dev.firebreak.spring.annotation;

import org.springframework.aop.ClassFilter;
import org.springframework.util.ClassUtils;

/**
 * The class filter of the {@link Guarded} advisor: which beans' classes Spring's auto-proxy creator
 * searches method by method for {@code @Guarded}. Without it, Spring searches every method of every
 * bean (and of every interface it implements) once the advisor exists, Spring's own beans included,
 * which was the largest part of what the annotations added to a minimal application's startup.
 *
 * <p>It passes a class unless {@code @Guarded} cannot be there: the JDK's and Spring's own classes
 * ({@link GuardedSearch#mayDeclareGuarded}), and classes the startup scan already searched
 * whole and found without {@code @Guarded} methods (the scan runs before initialization, the proxy
 * creator after it, so a bean's class is known by then unless the bean was created before the
 * scanner). A class it passes is matched method by method as before, so no {@code @Guarded} method
 * is missed.
 */
final class GuardedClassFilter implements ClassFilter {

    private final GuardedMethods methods;

    GuardedClassFilter(GuardedMethods methods) {
        this.methods = methods;
    }

    @Override
    public boolean matches(Class<?> beanClass) {
        Class<?> userClass = ClassUtils.getUserClass(beanClass); // a CGLIB subclass stands for its class
        return GuardedSearch.mayDeclareGuarded(userClass) && !methods.knownWithoutGuarded(userClass);
    }
}
