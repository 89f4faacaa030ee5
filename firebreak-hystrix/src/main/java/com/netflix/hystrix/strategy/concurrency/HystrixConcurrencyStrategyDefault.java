package com.netflix.hystrix.strategy.concurrency;

/** The concurrency strategy in force when none is registered: changes nothing. */
public class HystrixConcurrencyStrategyDefault extends HystrixConcurrencyStrategy {

    private static final HystrixConcurrencyStrategyDefault INSTANCE = new HystrixConcurrencyStrategyDefault();

    /** The shared instance. */
    public static HystrixConcurrencyStrategy getInstance() {
        return INSTANCE;
    }

    private HystrixConcurrencyStrategyDefault() {
    }
}
