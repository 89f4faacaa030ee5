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
 * The aspect that runs {@code @HystrixCommand} and {@code @HystrixCollapser} methods as commands of the
 * Firebreak Hystrix bridge. The module's auto-configuration registers it; an application that declares
 * it as a bean itself (as javanica's setup asks) keeps working, and the auto-configuration then adds none.
 * A call is never wrapped twice: the command calls the bean's method directly, past any further advice
 * of the same kind.
 */
@Aspect
public class HystrixCommandAspect {

    /** Made by the auto-configuration or by the application. */
    public HystrixCommandAspect() {
    }

    /** Methods annotated with {@code @HystrixCommand}. */
    @Pointcut("@annotation(com.netflix.hystrix.contrib.javanica.annotation.HystrixCommand)")
    public void hystrixCommandAnnotationPointcut() {
    }

    /** Methods annotated with {@code @HystrixCollapser}. */
    @Pointcut("@annotation(com.netflix.hystrix.contrib.javanica.annotation.HystrixCollapser)")
    public void hystrixCollapserAnnotationPointcut() {
    }

    /** Runs the intercepted method as a command or a collapsed request instead of proceeding. */
    @Around("hystrixCommandAnnotationPointcut() || hystrixCollapserAnnotationPointcut()")
    public Object methodsAnnotatedWithHystrixCommand(ProceedingJoinPoint joinPoint) throws Throwable {
        Object target = joinPoint.getTarget();
        Class<?> targetClass = ClassUtils.getUserClass(AopUtils.getTargetClass(target));
        Method declared = ((MethodSignature) joinPoint.getSignature()).getMethod();
        Method method = BridgeMethodResolver.findBridgedMethod(ClassUtils.getMostSpecificMethod(declared, targetClass));
        return JavanicaCommands.execute(target, targetClass, method, joinPoint.getArgs());
    }
}
