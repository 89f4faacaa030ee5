package com.netflix.hystrix.contrib.javanica.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;

/** One Hystrix property, by its name without the {@code hystrix.command.<key>.} prefix, and its value. */
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface HystrixProperty {

    /** The property name, e.g. {@code circuitBreaker.requestVolumeThreshold}. */
    String name();

    /** The value as text. */
    String value();
}
