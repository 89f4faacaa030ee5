package dev.firebreak.breaker;

import dev.firebreak.event.EventType;

/** The breaker of a guard whose circuit breaker is disabled: always permits, never opens. */
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
    public CircuitState state(long nowNanos) {
        return CircuitState.CLOSED;
    }
}
