package dev.firebreak.hystrix.javanica;

import org.springframework.aop.support.AopUtils;
import org.springframework.beans.BeansException;
import org.springframework.beans.factory.BeanInitializationException;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.util.ReflectionUtils;

/**
 * Checks, when each bean is made, every {@code @HystrixCommand} and {@code @HystrixCollapser} method
 * of its class and superclasses: fallback methods (present, matching parameters and return types,
 * no loop), default fallbacks, property names and values, cache-key methods, collapser batch methods.
 * A problem stops the application at startup with a {@link BeanInitializationException} naming the
 * bean, the method and what was expected, never at the first failure of a call.
 */
public final class AnnotatedMethodsCheck implements BeanPostProcessor {

    /** Made by the auto-configuration; an application may also declare it as a bean. */
    public AnnotatedMethodsCheck() {
    }

    @Override
    public Object postProcessAfterInitialization(Object bean, String beanName) throws BeansException {
        Class<?> targetClass = AopUtils.getTargetClass(bean);
        if (targetClass.getName().startsWith("org.springframework.")) {
            return bean;
        }
        String where = "bean '" + beanName + "' (" + org.springframework.util.ClassUtils.getUserClass(targetClass).getName() + ")";
        Class<?> userClass = org.springframework.util.ClassUtils.getUserClass(targetClass);
        ReflectionUtils.doWithMethods(userClass, method -> {
            try {
                JavanicaCommands.check(userClass, method, where);
            } catch (RuntimeException e) {
                throw new BeanInitializationException(e.getMessage(), e);
            }
        }, method -> !method.isBridge() && !method.isSynthetic() && Definitions.isAnnotated(method));
        return bean;
    }
}
