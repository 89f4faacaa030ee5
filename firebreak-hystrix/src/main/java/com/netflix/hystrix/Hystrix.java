package com.netflix.hystrix;

import dev.firebreak.hystrix.HystrixBridge;

/** Process-wide operations. */
public class Hystrix {

    /**
     * Forgets every command and collapser key made so far: their guards and collapsers leave the bridge's
     * registry, so the next command of a key starts with fresh metrics, breaker and configuration.
     * Thread pools stay in the registry (Firebreak shares them by name) and are reused.
     */
    public static void reset() {
        HystrixBridge.reset();
    }
}
