package com.netflix.hystrix.strategy.properties;

import com.netflix.hystrix.HystrixThreadPoolKey;
import com.netflix.hystrix.HystrixThreadPoolProperties;

/** A thread pool's properties from Hystrix's defaults and a Setter's values; subclass it to change some. */
public class HystrixPropertiesThreadPoolDefault extends HystrixThreadPoolProperties {

    /** The properties of {@code key} with {@code builder}'s values. */
    public HystrixPropertiesThreadPoolDefault(HystrixThreadPoolKey key, Setter builder) {
        super(key, builder);
    }
}
