package com.netflix.hystrix.contrib.javanica.cache.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** Marks a parameter as part of the request-cache key; {@link #value()} may name a property path of it. */
@Target(ElementType.PARAMETER)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface CacheKey {

    /** A dotted property path of the argument ({@code "id"}, {@code "profile.email"}); blank means the argument itself. */
    String value() default "";
}
