package dev.firebreak.breaker;

/**
 * Who decides a circuit breaker's state. {@link #AUTOMATIC} is the rule; every other mode is an
 * override, set by an operator ({@code guard.controls().circuitBreaker().forceOpen()}, ...), by
 * configuration ({@code circuitBreaker.forceOpen}, {@code circuitBreaker.forceClosed},
 * {@code circuitBreaker.enabled=false}) or at creation ({@code circuitBreaker.initialMode}), and is
 * reported beside the state wherever the state is read.
 */
public enum BreakerMode {
    /** The rule decides: CLOSED, OPEN and HALF_OPEN as the calls' outcomes say. */
    AUTOMATIC,
    /** Every call is short-circuited; the state reads OPEN. */
    FORCED_OPEN,
    /** Every call runs; outcomes are still counted but never open the circuit; the state reads CLOSED. */
    FORCED_CLOSED,
    /** Every call runs and nothing is counted; the state reads CLOSED. */
    DISABLED,
    /**
     * Every call runs; outcomes are counted and the rule runs as in AUTOMATIC, so the state reads what
     * it would be (OPEN, HALF_OPEN, CLOSED) and listeners hear its transitions, but nothing is short-circuited.
     */
    METRICS_ONLY;

    /** Whether this mode overrides the rule (anything but AUTOMATIC). */
    public boolean isOverride() {
        return this != AUTOMATIC;
    }
}
