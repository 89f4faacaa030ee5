package dev.firebreak.breaker;

import dev.firebreak.time.Ticker;

/**
 * The {@link CircuitBreakerView} of one breaker: its state and mode read on the registry's ticker, its
 * operations, its listeners. A breaker that never opens ({@link CircuitBreaker#alwaysClosed()}) reads
 * CLOSED and AUTOMATIC and refuses the operations.
 */
final class BreakerStatus implements CircuitBreakerView {

    private final CircuitBreaker breaker;
    private final Ticker ticker;

    BreakerStatus(CircuitBreaker breaker, Ticker ticker) {
        this.breaker = breaker;
        this.ticker = ticker;
    }

    @Override
    public CircuitState state() {
        return breaker instanceof RollingCircuitBreaker rolling ? rolling.state(ticker.read()) : CircuitState.CLOSED;
    }

    @Override
    public BreakerMode mode() {
        return breaker instanceof RollingCircuitBreaker rolling ? rolling.mode() : BreakerMode.AUTOMATIC;
    }

    @Override
    public BreakerMode forceOpen() {
        return rolling("forceOpen").override(BreakerMode.FORCED_OPEN);
    }

    @Override
    public BreakerMode forceClosed() {
        return rolling("forceClosed").override(BreakerMode.FORCED_CLOSED);
    }

    @Override
    public BreakerMode disable() {
        return rolling("disable").override(BreakerMode.DISABLED);
    }

    @Override
    public BreakerMode metricsOnly() {
        return rolling("metricsOnly").override(BreakerMode.METRICS_ONLY);
    }

    @Override
    public BreakerMode reset() {
        return rolling("reset").reset(ticker.read());
    }

    @Override
    public BreakerMode automatic() {
        return rolling("automatic").override(null);
    }

    private RollingCircuitBreaker rolling(String operation) {
        if (breaker instanceof RollingCircuitBreaker rolling) {
            return rolling;
        }
        throw new UnsupportedOperationException(operation + ": this breaker always admits and has no state to change");
    }

    @Override
    public void addStateListener(CircuitStateListener listener) {
        breaker.addStateListener(listener);
    }

    @Override
    public void removeStateListener(CircuitStateListener listener) {
        breaker.removeStateListener(listener);
    }

    @Override
    public String toString() {
        BreakerMode mode = mode();
        return "CircuitBreaker[" + state() + (mode == BreakerMode.AUTOMATIC ? "" : ", " + mode) + "]";
    }
}
