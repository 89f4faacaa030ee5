package com.netflix.hystrix.strategy.eventnotifier;

import com.netflix.hystrix.HystrixCommandKey;
import com.netflix.hystrix.HystrixEventType;

/**
 * Hystrix's event-notifier plugin type, present so code that declares one compiles. The bridge does
 * not call notifiers: {@code HystrixPlugins.registerEventNotifier} throws and names the Firebreak
 * alternative (a {@code GuardListener}).
 */
public abstract class HystrixEventNotifier {

    /** Called for each event in Hystrix; never called by the bridge. */
    public void markEvent(HystrixEventType eventType, HystrixCommandKey key) {
    }
}
