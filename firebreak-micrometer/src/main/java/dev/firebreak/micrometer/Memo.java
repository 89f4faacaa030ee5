package dev.firebreak.micrometer;

import dev.firebreak.time.Ticker;
import java.util.function.Supplier;

/**
 * Keeps the last snapshot for a short while, so that the dozens of gauges of one guard read during
 * one scrape share one snapshot instead of computing one each. Time is the registry's {@link Ticker}.
 *
 * <p>Thread-safe without locks: the cached pair is one immutable record in a volatile field; two
 * scrapes racing may both compute a snapshot, and either result is a valid, recent one.
 *
 * @param <T> the snapshot type
 */
final class Memo<T> {

    private record Taken<T>(T value, long atNanos) {
    }

    private final Supplier<T> compute;
    private final Ticker ticker;
    private final long maxAgeNanos;
    private volatile Taken<T> last;

    Memo(Supplier<T> compute, Ticker ticker, long maxAgeNanos) {
        this.compute = compute;
        this.ticker = ticker;
        this.maxAgeNanos = maxAgeNanos;
    }

    T get() {
        long now = ticker.read();
        Taken<T> taken = last;
        // the difference, not the values, is compared: ticker readings may wrap around Long.MAX_VALUE
        if (taken == null || now - taken.atNanos() >= maxAgeNanos || now - taken.atNanos() < 0) {
            taken = new Taken<>(compute.get(), now);
            last = taken;
        }
        return taken.value();
    }
}
