package dev.firebreak.ratelimit;

/**
 * A token bucket in its virtual-scheduling form (the generic cell rate algorithm): a theoretical
 * arrival time {@code tat} moves one emission interval {@code T = ceil(1 s / rate)} per permit; a
 * permit may be granted at {@code t} once {@code tat - (burst - 1) * T <= t}. A full bucket therefore
 * grants {@code burst} at once, then one per T, so in any interval of length W at most
 * {@code burst + W / T <= burst + rate * W} are granted. A waiting caller's grant time is reserved on
 * arrival ({@code tat} moves on), so grants follow arrival order. Times are compared by difference,
 * safe across a ticker's overflow.
 */
final class TokenBucket implements PermitSchedule {

    private final long interval;
    private final long tolerance;
    private boolean started;
    private long tat;

    TokenBucket(int permitsPerSecond, int burst) {
        this.interval = Math.ceilDiv(1_000_000_000L, permitsPerSecond);
        this.tolerance = (burst - 1) * interval;
    }

    @Override
    public long reserve(long nowNanos, long maxWaitNanos) {
        if (!started) {
            started = true;
            tat = nowNanos; // a full bucket
        }
        long wait = (tat - tolerance) - nowNanos;
        if (wait <= 0) {
            tat = (tat - nowNanos > 0 ? tat : nowNanos) + interval;
            return 0;
        }
        if (wait > maxWaitNanos) {
            return -1;
        }
        tat += interval;
        return wait;
    }

    @Override
    public long nanosUntilPermit(long nowNanos) {
        return started ? Math.max(0, (tat - tolerance) - nowNanos) : 0;
    }
}
