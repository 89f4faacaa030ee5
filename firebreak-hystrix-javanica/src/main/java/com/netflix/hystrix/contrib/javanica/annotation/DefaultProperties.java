package com.netflix.hystrix.contrib.javanica.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Class-wide defaults for the class's {@link HystrixCommand} methods; a value given on the method
 * wins (properties are merged by name).
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Inherited
@Documented
public @interface DefaultProperties {

    /** The group of the class's commands. */
    String groupKey() default "";

    /** The thread pool of the class's commands. */
    String threadPoolKey() default "";

    /** Command properties every command of the class starts with. */
    HystrixProperty[] commandProperties() default {};

    /** Thread-pool properties every command of the class starts with. */
    HystrixProperty[] threadPoolProperties() default {};

    /** Exceptions ignored by every command of the class that names none itself. */
    Class<? extends Throwable>[] ignoreExceptions() default {};

    /** Hystrix exceptions raised as they are by every command of the class that names none itself. */
    HystrixException[] raiseHystrixExceptions() default {};

    /** The fallback of every command without its own {@code fallbackMethod} or {@code defaultFallback}. */
    String defaultFallback() default "";
}
