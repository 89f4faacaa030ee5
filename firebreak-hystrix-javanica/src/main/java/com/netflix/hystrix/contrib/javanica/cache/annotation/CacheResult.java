package com.netflix.hystrix.contrib.javanica.cache.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Caches a {@code @HystrixCommand} method's result in the current {@code HystrixRequestContext},
 * under a key made of its {@link CacheKey} parameters (all parameters when none is marked) or
 * returned by {@link #cacheKeyMethod()}.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface CacheResult {

    /** A method of the same class with the same parameters returning the key as a {@code String}. */
    String cacheKeyMethod() default "";
}
