package com.netflix.hystrix.strategy.properties;

import com.netflix.hystrix.HystrixCommandKey;
import com.netflix.hystrix.HystrixCommandProperties;

/** A command's properties from Hystrix's defaults and a Setter's values; subclass it to change some. */
public class HystrixPropertiesCommandDefault extends HystrixCommandProperties {

    /** The properties of {@code key} with {@code builder}'s values. */
    public HystrixPropertiesCommandDefault(HystrixCommandKey key, Setter builder) {
        super(key, builder);
    }
}
