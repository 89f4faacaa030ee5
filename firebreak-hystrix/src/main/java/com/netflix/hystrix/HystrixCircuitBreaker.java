package com.netflix.hystrix;

import dev.firebreak.Guard;
import dev.firebreak.breaker.BreakerMode;
import dev.firebreak.breaker.CircuitBreakerView;
import dev.firebreak.breaker.CircuitState;
import dev.firebreak.hystrix.HystrixBridge;

/**
 * A command key's circuit breaker, as Hystrix's interface shows it. The breaker of a command key is a
 * view over its Firebreak guard's breaker: Firebreak decides on each call's own thread (see
 * docs/architecture.md), and {@link #markSuccess()} and {@link #markNonSuccess()} on that view change
 * nothing, because the guard already reported the outcome. An implementation of your own needs only
 * {@link #allowRequest()}, {@link #isOpen()} and {@link #markSuccess()}, as in 1.5.18.
 */
public interface HystrixCircuitBreaker {

    /** Whether a request would be let through now (the breaker is closed, or half-open). */
    boolean allowRequest();

    /** Whether the breaker is open. */
    boolean isOpen();

    /** Tells the breaker an execution succeeded (a command key's breaker ignores it: its guard reports outcomes itself). */
    void markSuccess();

    /** Tells the breaker an execution did not succeed; by default nothing (1.5.18's breakers read the metrics). */
    default void markNonSuccess() {
    }

    /** Whether an execution may start now; by default {@link #allowRequest()}. */
    default boolean attemptExecution() {
        return allowRequest();
    }

    /** Finds the breaker of a command key. */
    final class Factory {
        private Factory() {
        }

        /** The breaker of {@code key}, or null if no command with that key was made. */
        public static HystrixCircuitBreaker getInstance(HystrixCommandKey key) {
            return HystrixBridge.findGuard(key.name()).map(GuardBreaker::new).orElse(null);
        }

        /**
         * The breaker of {@code key}: the one of the guard {@code metrics} reads (made, if needed, as
         * {@link HystrixCommandMetrics#getInstance(HystrixCommandKey, HystrixCommandGroupKey,
         * HystrixThreadPoolKey, HystrixCommandProperties)} makes it).
         */
        public static HystrixCircuitBreaker getInstance(HystrixCommandKey key, HystrixCommandGroupKey group,
                HystrixCommandProperties properties, HystrixCommandMetrics metrics) {
            HystrixCommandMetrics of = metrics != null ? metrics
                    : HystrixCommandMetrics.getInstance(key, group, null, properties);
            return new GuardBreaker(of.guard());
        }

        /*
         * 1.5.18 drops its cached breakers here. The bridge's breakers live in the command keys'
         * guards, so dropping them is forgetting the keys (as HystrixCommandMetrics.reset() does).
         */
        static void reset() {
            HystrixBridge.reset();
        }
    }

    /**
     * The breaker of the command key that {@code metrics} measures: in the bridge a key's breaker is its
     * guard's, so this is the same breaker as {@link Factory#getInstance(HystrixCommandKey)}'s, deciding
     * with the guard's configuration ({@code properties} apply only if the key's guard is made here).
     */
    class HystrixCircuitBreakerImpl extends GuardBreaker {
        HystrixCircuitBreakerImpl(HystrixCommandKey key, HystrixCommandGroupKey group,
                HystrixCommandProperties properties, HystrixCommandMetrics metrics) {
            super((metrics != null ? metrics : HystrixCommandMetrics.getInstance(key, group, null, properties)).guard());
        }
    }

    /** The view over one guard. */
    class GuardBreaker implements HystrixCircuitBreaker {
        private final Guard guard;

        GuardBreaker(Guard guard) {
            this.guard = guard;
        }

        // OPEN short-circuits, unless the breaker only reports what its state would be (METRICS_ONLY).
        private boolean shortCircuits() {
            CircuitBreakerView breaker = guard.controls().circuitBreaker();
            return breaker.state() == CircuitState.OPEN && breaker.mode() != BreakerMode.METRICS_ONLY;
        }

        @Override
        public boolean allowRequest() {
            return !shortCircuits();
        }

        @Override
        public boolean isOpen() {
            return shortCircuits();
        }

        @Override
        public void markSuccess() {
        }

        @Override
        public void markNonSuccess() {
        }

        @Override
        public boolean attemptExecution() {
            return allowRequest();
        }
    }
}
