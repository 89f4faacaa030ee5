package dev.firebreak.breaker;

/**
 * One immutable state of a {@link RollingCircuitBreaker}; a transition replaces it as a whole by
 * compare-and-set. Each CLOSED and HALF_OPEN spell has its own {@code period} number, stamped on the
 * permits it issues, so late outcomes of an ended spell are recognised. The operator's override
 * travels with the state, so that an operator's transition and a call's decision are each one
 * compare-and-set or one read of the same reference.
 *
 * @param state CLOSED, OPEN or HALF_OPEN: the rule's state
 * @param period this spell's number, one more than the previous state's
 * @param sinceNanos when this state was entered
 * @param admitted HALF_OPEN: trials admitted so far
 * @param passed HALF_OPEN: trials that passed so far
 * @param permit CLOSED: the NORMAL permit; HALF_OPEN: the TRIAL permit; OPEN: DENIED
 * @param window CLOSED: the health window; otherwise null
 * @param override the operator's mode, or null when the configuration's flags decide
 */
record BreakerState(CircuitState state, long period, long sinceNanos, int admitted, int passed,
        BreakerPermit permit, HealthWindow window, BreakerMode override) {

    static BreakerState closed(long period, long nowNanos, HealthWindow window, BreakerMode override) {
        return new BreakerState(CircuitState.CLOSED, period, nowNanos, 0, 0,
                BreakerPermit.issued(BreakerPermit.Kind.NORMAL, period), window, override);
    }

    BreakerState open(long nowNanos) {
        return new BreakerState(CircuitState.OPEN, period + 1, nowNanos, 0, 0, BreakerPermit.DENIED, null, override);
    }

    /** OPEN to HALF_OPEN, admitting the first trial. */
    BreakerState halfOpen(long nowNanos) {
        return new BreakerState(CircuitState.HALF_OPEN, period + 1, nowNanos, 1, 0,
                BreakerPermit.issued(BreakerPermit.Kind.TRIAL, period + 1), null, override);
    }

    BreakerState admitTrial() {
        return new BreakerState(state, period, sinceNanos, admitted + 1, passed, permit, null, override);
    }

    BreakerState trialPassed() {
        return new BreakerState(state, period, sinceNanos, admitted, passed + 1, permit, null, override);
    }

    /** The same state under another override (null: none); the spell, its permit and window are kept. */
    BreakerState withOverride(BreakerMode next) {
        return new BreakerState(state, period, sinceNanos, admitted, passed, permit, window, next);
    }
}
