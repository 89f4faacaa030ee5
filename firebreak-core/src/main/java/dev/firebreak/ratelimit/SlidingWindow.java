package dev.firebreak.ratelimit;

/**
 * A sliding window counted exactly: a ring of the last {@code permits} grant times. A permit may be
 * granted at {@code t} once the oldest of them is at least {@code window} before t, so no interval of
 * length {@code window} ever holds more than {@code permits} grants. A waiting caller's grant time is
 * written into the ring on arrival, so grant times never decrease and follow arrival order.
 */
final class SlidingWindow implements PermitSchedule {

    private final long window;
    private final long[] grants;
    private int oldest;
    private int filled;

    SlidingWindow(long windowNanos, int permits) {
        this.window = windowNanos;
        this.grants = new long[permits];
    }

    @Override
    public long reserve(long nowNanos, long maxWaitNanos) {
        long wait = 0;
        if (filled == grants.length) {
            wait = Math.max(0, (grants[oldest] - nowNanos) + window);
            if (wait > maxWaitNanos) {
                return -1;
            }
        } else {
            filled++;
        }
        grants[oldest] = nowNanos + wait;
        oldest = (oldest + 1) % grants.length;
        return wait;
    }

    @Override
    public long nanosUntilPermit(long nowNanos) {
        return filled == grants.length ? Math.max(0, (grants[oldest] - nowNanos) + window) : 0;
    }
}
