package com.netflix.hystrix.strategy.properties;

/** A named property whose value can change, with callbacks run after each change. */
public interface HystrixDynamicProperty<T> extends HystrixProperty<T> {

    /** The property's name. */
    String getName();

    /** Runs {@code callback} after every change of the value (sources that cannot tell never run it). */
    void addCallback(Runnable callback);
}
