package dev.firebreak.breaker;

import dev.firebreak.event.EventType;

/** A breaker that always permits and never opens: it never transitions, so listeners hear nothing. */
enum AlwaysClosed implements CircuitBreaker {
    INSTANCE;

    @Override
    public BreakerPermit tryAcquire(long nowNanos) {
        return BreakerPermit.NORMAL;
    }

    @Override
    public void onOutcome(BreakerPermit permit, EventType executionEvent, long executionNanos, long nowNanos) {
    }

    @Override
    public void addStateListener(CircuitStateListener listener) {
    }

    @Override
    public void removeStateListener(CircuitStateListener listener) {
    }
}
