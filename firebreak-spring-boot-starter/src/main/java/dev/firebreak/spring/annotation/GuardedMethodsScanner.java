package dev.firebreak.spring.annotation;

import org.springframework.beans.factory.BeanCreationException;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.util.ClassUtils;
import org.springframework.util.ReflectionUtils;

/**
 * Finds every bean's {@link Guarded} methods as the bean is created and resolves their fallback
 * methods then, so a missing or mismatched fallback fails the application's startup (a
 * {@link BeanCreationException} naming the bean, the method and the signature expected) rather than
 * the first failing call. Once every singleton exists, it creates their guards in the registry, so
 * they show on the endpoints and the stream before the first call.
 */
final class GuardedMethodsScanner implements BeanPostProcessor, SmartInitializingSingleton {

    private final GuardedMethods methods;

    GuardedMethodsScanner(GuardedMethods methods) {
        this.methods = methods;
    }

    @Override
    public Object postProcessBeforeInitialization(Object bean, String beanName) {
        Class<?> beanClass = ClassUtils.getUserClass(bean);
        ReflectionUtils.doWithMethods(beanClass, method -> {
            try {
                methods.put(method, GuardedMethod.resolve(beanName, beanClass, method));
            } catch (IllegalStateException refused) {
                throw new BeanCreationException(beanName, refused.getMessage(), refused);
            }
        }, method -> !method.isBridge() && AnnotatedElementUtils.hasAnnotation(method, Guarded.class));
        return bean;
    }

    @Override
    public void afterSingletonsInstantiated() {
        methods.createGuards();
    }
}
