package com.netflix.hystrix.strategy.properties;

import com.netflix.hystrix.HystrixCollapserKey;
import com.netflix.hystrix.HystrixCollapserProperties;

/** A collapser's properties from the defaults and a Setter's values; subclass it to change some. */
public class HystrixPropertiesCollapserDefault extends HystrixCollapserProperties {

    /** The properties of {@code key} with {@code builder}'s values. */
    public HystrixPropertiesCollapserDefault(HystrixCollapserKey key, Setter builder) {
        super(key, builder);
    }
}
