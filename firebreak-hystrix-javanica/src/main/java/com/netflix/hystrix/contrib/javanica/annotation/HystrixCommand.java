package com.netflix.hystrix.contrib.javanica.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Runs the annotated method as a Hystrix command of the Firebreak bridge: a guard per command key,
 * with its fallback method, properties and error rules. The method may be synchronous, return a
 * {@link java.util.concurrent.Future} (its body returns an
 * {@link com.netflix.hystrix.contrib.javanica.command.AsyncResult}) or an RxJava 1 {@code Observable}.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Inherited
@Documented
public @interface HystrixCommand {

    /** The command group; blank means {@link DefaultProperties#groupKey()} or else the class's simple name. */
    String groupKey() default "";

    /** The command key; blank means the method's name. */
    String commandKey() default "";

    /** The thread-pool key; blank means {@link DefaultProperties#threadPoolKey()} or else the group key. */
    String threadPoolKey() default "";

    /** A method of the same class with the command's parameters (and optionally a last {@code Throwable}). */
    String fallbackMethod() default "";

    /** Command properties by their Hystrix names, e.g. {@code execution.isolation.thread.timeoutInMilliseconds}. */
    HystrixProperty[] commandProperties() default {};

    /** Thread-pool properties by their Hystrix names, e.g. {@code coreSize}. */
    HystrixProperty[] threadPoolProperties() default {};

    /** Exceptions rethrown as they are: no fallback, not counted as failures. */
    Class<? extends Throwable>[] ignoreExceptions() default {};

    /** For {@code Observable} methods: subscribe at once ({@code EAGER}) or on subscription ({@code LAZY}). */
    ObservableExecutionMode observableExecutionMode() default ObservableExecutionMode.EAGER;

    /** Hystrix exceptions raised as they are instead of their cause. */
    HystrixException[] raiseHystrixExceptions() default {};

    /** A method without parameters (other than an optional {@code Throwable}) used when no {@link #fallbackMethod()} is given. */
    String defaultFallback() default "";
}
