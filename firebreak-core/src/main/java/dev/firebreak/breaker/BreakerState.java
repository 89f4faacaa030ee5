package dev.firebreak.breaker;

/**
 * One immutable state of a {@link RollingCircuitBreaker}; a transition replaces it as a whole by
 * compare-and-set. Each CLOSED and HALF_OPEN spell has its own {@code period} number, stamped on the
 * permits it issues, so late outcomes of an ended spell are recognised.
 *
 * @param state CLOSED, OPEN or HALF_OPEN
 * @param period this spell's number, one more than the previous state's
 * @param sinceNanos when this state was entered
 * @param admitted HALF_OPEN: trials admitted so far
 * @param passed HALF_OPEN: trials that passed so far
 * @param permit CLOSED: the NORMAL permit; HALF_OPEN: the TRIAL permit; OPEN: DENIED
 * @param window CLOSED: the health window; otherwise null
 */
record BreakerState(CircuitState state, long period, long sinceNanos, int admitted, int passed,
        BreakerPermit permit, HealthWindow window) {

    static BreakerState closed(long period, long nowNanos, HealthWindow window) {
        return new BreakerState(CircuitState.CLOSED, period, nowNanos, 0, 0,
                BreakerPermit.issued(BreakerPermit.Kind.NORMAL, period), window);
    }

    BreakerState open(long nowNanos) {
        return new BreakerState(CircuitState.OPEN, period + 1, nowNanos, 0, 0, BreakerPermit.DENIED, null);
    }

    /** OPEN to HALF_OPEN, admitting the first trial. */
    BreakerState halfOpen(long nowNanos) {
        return new BreakerState(CircuitState.HALF_OPEN, period + 1, nowNanos, 1, 0,
                BreakerPermit.issued(BreakerPermit.Kind.TRIAL, period + 1), null);
    }

    BreakerState admitTrial() {
        return new BreakerState(state, period, sinceNanos, admitted + 1, passed, permit, null);
    }

    BreakerState trialPassed() {
        return new BreakerState(state, period, sinceNanos, admitted, passed + 1, permit, null);
    }
}
