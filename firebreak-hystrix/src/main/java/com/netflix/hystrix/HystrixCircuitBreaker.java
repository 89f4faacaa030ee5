package com.netflix.hystrix;

import dev.firebreak.Guard;
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

        private CircuitState state() {
            return guard.controls().circuitBreaker().state();
        }

        @Override
        public boolean allowRequest() {
            return state() != CircuitState.OPEN;
        }

        @Override
        public boolean isOpen() {
            return state() == CircuitState.OPEN;
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
