package dev.firebreak.breaker;

import dev.firebreak.GuardConfig;
import dev.firebreak.time.Ticker;

/** Makes the circuit breaker a guard's configuration asks for, and passes configuration changes to it. */
public final class CircuitBreakers {

    private CircuitBreakers() {
    }

    /**
     * The breaker for a guard configured by {@code config}: a {@linkplain RollingCircuitBreaker rolling
     * breaker} whose health window has the geometry of {@code metrics.rollingStats.*} (fixed at
     * creation), created closed at the ticker's current reading. It is made even when
     * {@code circuitBreaker.enabled} is false, so that enabling it later applies live.
     */
    public static CircuitBreaker create(GuardConfig config, Ticker ticker) {
        return new RollingCircuitBreaker(BreakerSettings.of(config),
                config.metricsRollingStatsTimeInMilliseconds() * 1_000_000L, config.metricsRollingStatsNumBuckets(),
                ticker.read());
    }

    /** Applies a new configuration's live breaker settings to a breaker made by {@link #create}. */
    public static void reconfigure(CircuitBreaker breaker, GuardConfig config) {
        if (breaker instanceof RollingCircuitBreaker rolling) {
            rolling.reconfigure(BreakerSettings.of(config));
        }
    }
}
