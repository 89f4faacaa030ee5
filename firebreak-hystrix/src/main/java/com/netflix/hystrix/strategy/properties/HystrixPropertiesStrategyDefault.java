package com.netflix.hystrix.strategy.properties;

/** The properties strategy in force when none is registered: Hystrix's defaults and the Setters' values. */
public class HystrixPropertiesStrategyDefault extends HystrixPropertiesStrategy {

    private static final HystrixPropertiesStrategyDefault INSTANCE = new HystrixPropertiesStrategyDefault();

    private HystrixPropertiesStrategyDefault() {
    }

    /** The shared instance. */
    public static HystrixPropertiesStrategy getInstance() {
        return INSTANCE;
    }
}
