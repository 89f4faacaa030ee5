package dev.firebreak.breaker;

import dev.firebreak.time.Ticker;

/** The {@link CircuitBreakerView} of one breaker: its state read on the registry's ticker, its listeners. */
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
    public void addStateListener(CircuitStateListener listener) {
        breaker.addStateListener(listener);
    }

    @Override
    public void removeStateListener(CircuitStateListener listener) {
        breaker.removeStateListener(listener);
    }

    @Override
    public String toString() {
        return "CircuitBreaker[" + state() + "]";
    }
}
