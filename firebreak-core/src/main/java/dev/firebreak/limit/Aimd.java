package dev.firebreak.limit;

/**
 * Additive increase, multiplicative decrease (the loss-based rule of TCP's congestion control, as
 * Netflix's concurrency-limits applies it to calls):
 *
 * <ul>
 *   <li>a dropped attempt (failure, timeout, refusal downstream): {@code limit = floor(limit * backoff)};</li>
 *   <li>an attempt that was admitted while at least half the limit was in use ({@code inFlight * 2 >= limit}):
 *       {@code limit = limit + 1};</li>
 *   <li>otherwise (the caller is not using the limit) the limit stays: no growth without demand;</li>
 * </ul>
 *
 * then bounded to {@code [minLimit, maxLimit]}. Latency itself plays no part: AIMD reacts to drops only.
 */
final class Aimd implements LimitAlgorithm {

    private final int minLimit;
    private final int maxLimit;
    private final double backoff;
    private int limit; // guarded by the AdaptiveLimit's lock

    Aimd(LimitConfig config, int startLimit) {
        this.minLimit = config.minLimit();
        this.maxLimit = config.maxLimit();
        this.backoff = config.aimdBackoffPercent() / 100.0;
        this.limit = Math.clamp(startLimit, minLimit, maxLimit);
    }

    @Override
    public int onSample(long startNanos, long rttNanos, int inFlight, boolean dropped) {
        int next = limit;
        if (dropped) {
            next = (int) (limit * backoff);
        } else if (inFlight * 2L >= limit) {
            next = limit + 1;
        }
        limit = Math.clamp(next, minLimit, maxLimit);
        return limit;
    }

    @Override
    public int limit() {
        return limit;
    }

    @Override
    public LimitKind kind() {
        return LimitKind.AIMD;
    }
}
