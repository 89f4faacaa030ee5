package dev.firebreak.limit;

/**
 * Additive increase, multiplicative decrease, per round rather than per sample: the loss-based rule of
 * TCP's congestion avoidance (RFC 5681, with RFC 6582's one decrease per window) applied to calls. A
 * sample is a <em>drop</em> if the attempt failed or timed out, or, with
 * {@code limit.aimd.latencyThresholdInMilliseconds} set, if its work ran longer than that threshold (the
 * latency signal of Netflix concurrency-limits' AIMD limit). Per sample:
 *
 * <ul>
 *   <li><b>a drop</b> of an attempt admitted at or after the last decrease: {@code limit = floor(limit * backoff)}.
 *       A drop of an attempt admitted <em>before</em> the last decrease changes nothing: it belongs to the
 *       congestion already answered (TCP decreases once per window of data, not once per lost segment), so
 *       the burst of slow answers that were all queued before the cut does not cut again and again;</li>
 *   <li><b>a success</b> admitted while at least half the limit was in use ({@code inFlight * 2 >= limit}):
 *       {@code limit + 1 / limit}, one more per round of {@code limit} busy samples, so the growth per round
 *       trip does not depend on the call rate;</li>
 *   <li>otherwise (the caller is not using the limit) the limit stays: no growth without demand;</li>
 * </ul>
 *
 * then bounded to {@code [minLimit, maxLimit]}; the limit in force is the whole part of the estimate.
 * TCP's slow start (one more per sample until the first loss) is left out on purpose: it doubles the
 * limit in the round trip the first slow answer takes to come back, so it overshoots by as much as it
 * grew; the limit starts from {@code limit.initialLimit}, which is meant to be near the expected need.
 * Netflix's AIMD limit adds one per busy sample and cuts on every dropped sample: at hundreds of samples
 * per round trip that grows by hundreds before the first slow answer is back and then cuts to the floor.
 *
 * <p>Worked numbers (backoff 0.9, threshold 300 ms, from 50): a busy success {@code 50 + 1/50 = 50.02}
 * (in force: 50); after 51 of them {@code 51.01} (in force: 51); an attempt answering in 301 ms:
 * {@code floor(0.9 * 51.01) = 45}; 40 more slow answers of attempts admitted before that cut: still 45.
 *
 * <p>Time is data: "before the last decrease" compares the attempt's start with the end of the attempt
 * that caused the decrease ({@code start + rtt}), overflow-safe, so the ticker's origin does not matter.
 */
final class Aimd implements LimitAlgorithm {

    private final int minLimit;
    private final int maxLimit;
    private final double backoff;
    private final long latencyThresholdNanos; // 0: off
    // guarded by the AdaptiveLimit's lock
    private double estimated;
    private boolean decreased;
    private long lastDecreaseNanos;

    Aimd(LimitConfig config, int startLimit) {
        this.minLimit = config.minLimit();
        this.maxLimit = config.maxLimit();
        this.backoff = config.aimdBackoffPercent() / 100.0;
        this.latencyThresholdNanos = config.aimdLatencyThreshold().toNanos();
        this.estimated = Math.clamp(startLimit, minLimit, maxLimit);
    }

    @Override
    public int onSample(long startNanos, long rttNanos, int inFlight, boolean dropped) {
        boolean slow = latencyThresholdNanos > 0 && rttNanos > latencyThresholdNanos;
        if (dropped || slow) {
            if (decreased && startNanos - lastDecreaseNanos < 0) {
                return limit(); // admitted before the last decrease: the same congestion, already answered
            }
            estimated = Math.clamp(Math.floor(estimated * backoff), minLimit, maxLimit);
            decreased = true;
            lastDecreaseNanos = startNanos + rttNanos;
        } else if (inFlight * 2L >= (long) estimated) {
            estimated = Math.min(estimated + 1 / estimated, maxLimit);
        }
        return limit();
    }

    @Override
    public int limit() {
        return (int) estimated;
    }

    @Override
    public LimitKind kind() {
        return LimitKind.AIMD;
    }
}
