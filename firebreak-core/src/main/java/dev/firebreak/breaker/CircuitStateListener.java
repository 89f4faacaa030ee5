package dev.firebreak.breaker;

/**
 * Told of every state transition of a circuit breaker. Called once per transition, after the state
 * has changed, on the thread whose call caused it, never under a lock. Transitions made on different
 * threads may be reported in a different order than they happened; {@code atNanos} orders them. A
 * listener that throws is logged and ignored.
 */
@FunctionalInterface
public interface CircuitStateListener {

    /**
     * The breaker went from {@code from} to {@code to}.
     *
     * @param atNanos the {@link dev.firebreak.time.Ticker} reading of the call that caused it
     */
    void onTransition(CircuitState from, CircuitState to, long atNanos);
}
