package com.netflix.hystrix.contrib.javanica.annotation;

import com.netflix.hystrix.HystrixCollapser.Scope;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Collapses calls of a one-argument method into batches handed to {@link #batchMethod()}, a
 * {@link HystrixCommand} method of the same class taking a {@code java.util.List} of the arguments and
 * returning a {@code java.util.List} of the results in the same order. The method itself is never run.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface HystrixCollapser {

    /** The collapser key; blank means the method's name. */
    String collapserKey() default "";

    /** The batch method's name. */
    String batchMethod();

    /** Batches per request ({@code REQUEST}, inside a {@code HystrixRequestContext}) or across requests ({@code GLOBAL}). */
    Scope scope() default Scope.REQUEST;

    /** Collapser properties by their Hystrix names, e.g. {@code timerDelayInMilliseconds}. */
    HystrixProperty[] collapserProperties() default {};
}
