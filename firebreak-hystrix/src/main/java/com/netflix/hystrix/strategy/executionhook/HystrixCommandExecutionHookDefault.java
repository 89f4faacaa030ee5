package com.netflix.hystrix.strategy.executionhook;

/** The hook in force when none is registered: it changes nothing, and the bridge does not call it. */
public class HystrixCommandExecutionHookDefault extends HystrixCommandExecutionHook {

    private static final HystrixCommandExecutionHookDefault INSTANCE = new HystrixCommandExecutionHookDefault();

    private HystrixCommandExecutionHookDefault() {
    }

    /** The shared instance. */
    public static HystrixCommandExecutionHook getInstance() {
        return INSTANCE;
    }
}
