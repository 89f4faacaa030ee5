package dev.firebreak.hedge;

import dev.firebreak.Guard;
import dev.firebreak.rolling.LatencySnapshot;

/**
 * When the next hedge starts: a fixed delay, or a percentile of the guard's own rolling execution
 * latency, read from the guard's public metrics at most once per {@value #REFRESH_MILLIS} ms of the
 * injected clock (a snapshot reads every bucket; calls in between reuse the last value). While the
 * guard has no latency sample in its window there is no percentile, and no hedge is made.
 *
 * <p>Thread-safe: the cached value is one immutable pair behind a volatile field; two threads that
 * refresh at once compute the same figure and either one wins.
 */
final class HedgeDelay {

    static final long REFRESH_MILLIS = 100;
    private static final long NONE = -1;

    private final Guard guard;
    private volatile Reading last;

    HedgeDelay(Guard guard) {
        this.guard = guard;
    }

    /** The delay in nanoseconds at {@code nowNanos}, or -1 when there is no percentile yet. */
    long nanos(HedgeConfig config, long nowNanos) {
        if (!config.fixedDelay().isZero()) {
            return config.fixedDelay().toNanos();
        }
        Reading reading = last;
        if (reading == null || reading.percentile != config.percentile()
                || nowNanos - reading.atNanos >= REFRESH_MILLIS * 1_000_000L) {
            reading = new Reading(nowNanos, config.percentile(), percentileNanos(config.percentile()));
            last = reading;
        }
        return reading.nanos < 0 ? NONE : Math.max(config.minDelay().toNanos(), reading.nanos);
    }

    private long percentileNanos(double percentile) {
        LatencySnapshot latency = guard.controls().metrics().snapshot().executionLatency();
        if (latency.disabled() || latency.samples() == 0) {
            return NONE;
        }
        return latency.percentileNanos(percentile);
    }

    private record Reading(long atNanos, double percentile, long nanos) {
    }
}
