package com.netflix.hystrix.contrib.javanica.cache.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Removes an entry of a command's request cache when the method runs; the key is made as for
 * {@link CacheResult}, so it must match the key the cached command made.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface CacheRemove {

    /** The command key whose cache holds the entry. */
    String commandKey();

    /** A method of the same class with the same parameters returning the key as a {@code String}. */
    String cacheKeyMethod() default "";
}
