package dev.firebreak.breaker;

/**
 * What a user may see and do with a guard's circuit breaker ({@code guard.controls().circuitBreaker()}):
 * its state now, on the registry's clock, and its transitions. Forcing it open or closed is
 * configuration ({@code circuitBreaker.forceOpen}, {@code circuitBreaker.forceClosed}, through
 * {@code guard.controls().reconfigure} or live properties). It offers nothing that takes or gives a
 * permit: only the guard's pipeline does that.
 */
public interface CircuitBreakerView {

    /** The current state, as of the registry's clock now. */
    CircuitState state();

    /** Subscribes to state transitions (see {@link CircuitStateListener}). */
    void addStateListener(CircuitStateListener listener);

    /** Unsubscribes a listener added with {@link #addStateListener}. */
    void removeStateListener(CircuitStateListener listener);
}
