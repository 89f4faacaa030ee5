package dev.firebreak.breaker;

/**
 * What a user may see and do with a guard's circuit breaker ({@code guard.controls().circuitBreaker()}):
 * its state and mode now, on the registry's clock, its transitions, and the operations an operator
 * needs in an incident. It offers nothing that takes or gives a permit: only the guard's pipeline does that.
 *
 * <p>Operations set an <em>override</em> of the rule ({@link BreakerMode}); it holds until
 * {@link #automatic()} or {@link #reset()} ends it, and wins over the configuration's
 * {@code circuitBreaker.forceOpen}, {@code circuitBreaker.forceClosed} and {@code circuitBreaker.enabled}
 * while it lasts (without an override, those flags decide the mode, live). Every call that enters the
 * guard after an operation returned is decided under the new mode; calls already admitted run on and
 * report their outcome. Each operation returns the mode in force after it. An override is local to
 * this breaker: for a fleet, set the configuration keys in the store every instance reads.
 */
public interface CircuitBreakerView {

    /**
     * The current state, as of the registry's clock now: OPEN under FORCED_OPEN, CLOSED under
     * FORCED_CLOSED and DISABLED, otherwise the rule's state (under METRICS_ONLY, what it would be,
     * though no call is short-circuited). Read {@link #mode()} beside it.
     */
    CircuitState state();

    /** Who decides the state now: AUTOMATIC (the rule) or an override. */
    BreakerMode mode();

    /** Short-circuits every call until {@link #automatic()} or {@link #reset()}. */
    BreakerMode forceOpen();

    /** Lets every call through and never opens; outcomes are still counted. */
    BreakerMode forceClosed();

    /** Lets every call through and counts nothing. */
    BreakerMode disable();

    /** Lets every call through while counting, running the rule and reporting the state it would be in. */
    BreakerMode metricsOnly();

    /**
     * Closes the circuit with an empty window (outcomes of calls admitted before no longer count; a
     * HALF_OPEN spell ends) and ends any override; listeners hear the transition to CLOSED.
     */
    BreakerMode reset();

    /**
     * Ends any override, keeping the rule's state and window as they are (an OPEN circuit waits out its
     * sleep window): the configuration's flags decide the mode again, AUTOMATIC unless they force it.
     */
    BreakerMode automatic();

    /** Subscribes to state transitions (see {@link CircuitStateListener}). */
    void addStateListener(CircuitStateListener listener);

    /** Unsubscribes a listener added with {@link #addStateListener}. */
    void removeStateListener(CircuitStateListener listener);
}
