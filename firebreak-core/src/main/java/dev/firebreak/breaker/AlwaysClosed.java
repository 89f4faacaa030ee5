package dev.firebreak.breaker;

import dev.firebreak.event.EventType;

/** A breaker that always permits and never opens: it never transitions, so listeners hear nothing. */
enum AlwaysClosed implements CircuitBreaker {
    INSTANCE;

    @Override
    public Object enter(long nowNanos) {
        return BreakerPermit.NORMAL;
    }

    @Override
    public void exit(Object permit, EventType event, long executionNanos, long nowNanos) {
    }

    @Override
    public void addStateListener(CircuitStateListener listener) {
    }

    @Override
    public void removeStateListener(CircuitStateListener listener) {
    }
}
