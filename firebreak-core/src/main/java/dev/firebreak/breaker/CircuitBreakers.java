package dev.firebreak.breaker;

import dev.firebreak.time.Ticker;

/** Makes the circuit breaker a guard's configuration asks for, and passes configuration changes to it. */
public final class CircuitBreakers {

    private CircuitBreakers() {
    }

    /**
     * A {@linkplain RollingCircuitBreaker rolling breaker} with {@code settings}, created closed at the
     * ticker's current reading in {@code settings.initialMode()}. Its health window (fixed at creation)
     * is a TIME window spanning {@code windowMillis} in {@code buckets} buckets, or, when
     * {@code settings.slidingWindowType()} is COUNT, the last {@code settings.slidingWindowSize()} calls.
     * A guard makes one even when the breaker is disabled, so that enabling it later applies live.
     */
    public static CircuitBreaker create(BreakerConfig settings, int windowMillis, int buckets, Ticker ticker) {
        return new RollingCircuitBreaker(settings, windowMillis * 1_000_000L, buckets, ticker.read());
    }

    /**
     * The view of {@code breaker} users get ({@code guard.controls().circuitBreaker()}): its state and mode
     * read on {@code ticker} (the registry's clock), its operations and its listeners; nothing that takes
     * or gives a permit.
     */
    public static CircuitBreakerView view(CircuitBreaker breaker, Ticker ticker) {
        return new BreakerStatus(breaker, ticker);
    }

    /** Applies new live settings to a breaker made by {@link #create}. */
    public static void reconfigure(CircuitBreaker breaker, BreakerConfig settings) {
        if (breaker instanceof RollingCircuitBreaker rolling) {
            rolling.reconfigure(settings);
        }
    }
}
