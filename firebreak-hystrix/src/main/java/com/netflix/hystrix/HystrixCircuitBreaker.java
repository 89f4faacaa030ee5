package com.netflix.hystrix;

import dev.firebreak.Guard;
import dev.firebreak.breaker.BreakerMode;
import dev.firebreak.breaker.CircuitBreakerView;
import dev.firebreak.breaker.CircuitState;
import dev.firebreak.hystrix.HystrixBridge;

/**
 * A command key's circuit breaker, as Hystrix's interface shows it, over the Firebreak guard's breaker.
 * Firebreak decides on each call's own thread (see docs/architecture.md); {@link #markSuccess()} and
 * {@link #markNonSuccess()} are accepted and change nothing, because the guard already reported the
 * outcome.
 */
public interface HystrixCircuitBreaker {

    /** Whether a request would be let through now (the breaker is closed, or half-open). */
    boolean allowRequest();

    /** Whether the breaker is open. */
    boolean isOpen();

    /** Accepted for compatibility; the guard reports outcomes itself. */
    void markSuccess();

    /** Accepted for compatibility; the guard reports outcomes itself. */
    void markNonSuccess();

    /** Same as {@link #allowRequest()}; takes no trial permit. */
    boolean attemptExecution();

    /** Finds the breaker of a command key. */
    final class Factory {
        private Factory() {
        }

        /** The breaker of {@code key}, or null if no command with that key was made. */
        public static HystrixCircuitBreaker getInstance(HystrixCommandKey key) {
            return HystrixBridge.findGuard(key.name()).map(GuardBreaker::new).orElse(null);
        }
    }

    /** The view over one guard. */
    final class GuardBreaker implements HystrixCircuitBreaker {
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
