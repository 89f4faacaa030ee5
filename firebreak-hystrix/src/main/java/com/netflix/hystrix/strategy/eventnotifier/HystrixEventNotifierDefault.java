package com.netflix.hystrix.strategy.eventnotifier;

/** The notifier in force when none is registered: it does nothing, and the bridge does not call it. */
public class HystrixEventNotifierDefault extends HystrixEventNotifier {

    private static final HystrixEventNotifierDefault INSTANCE = new HystrixEventNotifierDefault();

    private HystrixEventNotifierDefault() {
    }

    /** The shared instance. */
    public static HystrixEventNotifier getInstance() {
        return INSTANCE;
    }
}
