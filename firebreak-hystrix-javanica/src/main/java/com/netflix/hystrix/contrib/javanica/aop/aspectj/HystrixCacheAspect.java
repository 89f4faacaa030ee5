package com.netflix.hystrix.contrib.javanica.aop.aspectj;

import dev.firebreak.hystrix.javanica.JavanicaCommands;
import java.lang.reflect.Method;
import org.aspectj.lang.ProceedingJoinPoint;
import org.aspectj.lang.annotation.Around;
import org.aspectj.lang.annotation.Aspect;
import org.aspectj.lang.annotation.Pointcut;
import org.aspectj.lang.reflect.MethodSignature;
import org.springframework.aop.support.AopUtils;
import org.springframework.core.BridgeMethodResolver;
import org.springframework.util.ClassUtils;

/**
 * The aspect for {@code @CacheRemove} on methods that are not commands: it removes the named
 * command's request-cache entry, then runs the method. (On a {@code @HystrixCommand} method the
 * command removes the entry itself after it succeeds.) Registered by the auto-configuration unless the
 * application declares it.
 */
@Aspect
public class HystrixCacheAspect {

    /** Made by the auto-configuration or by the application. */
    public HystrixCacheAspect() {
    }

    /** {@code @CacheRemove} methods without {@code @HystrixCommand}. */
    @Pointcut("@annotation(com.netflix.hystrix.contrib.javanica.cache.annotation.CacheRemove) "
            + "&& !@annotation(com.netflix.hystrix.contrib.javanica.annotation.HystrixCommand)")
    public void cacheRemoveAnnotationPointcut() {
    }

    /** Removes the cache entry, then proceeds. */
    @Around("cacheRemoveAnnotationPointcut()")
    public Object methodsAnnotatedWithCacheRemove(ProceedingJoinPoint joinPoint) throws Throwable {
        Object target = joinPoint.getTarget();
        Class<?> targetClass = ClassUtils.getUserClass(AopUtils.getTargetClass(target));
        Method declared = ((MethodSignature) joinPoint.getSignature()).getMethod();
        Method method = BridgeMethodResolver.findBridgedMethod(ClassUtils.getMostSpecificMethod(declared, targetClass));
        JavanicaCommands.removeFromCache(target, targetClass, method, joinPoint.getArgs());
        return joinPoint.proceed();
    }
}
