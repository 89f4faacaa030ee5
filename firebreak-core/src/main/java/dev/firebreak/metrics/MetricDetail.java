package dev.firebreak.metrics;

/**
 * The opt-in figures of the metric vocabulary ({@link MetricVocabulary}): by default a guard costs at
 * most 40 series (see {@code docs/observability.md}); each detail adds the series it names, at the price
 * measured there.
 */
public enum MetricDetail {
    /**
     * {@code firebreak.call.duration} (and the execution timer, when on) as a percentile histogram of
     * about 70 buckets instead of the small fixed set of {@link MetricVocabulary#CALL_DURATION_BUCKETS_SECONDS}.
     */
    PERCENTILE_HISTOGRAM,
    /** {@code firebreak.call.execution.duration}: the time the user's code ran, for calls whose code ran. */
    EXECUTION_TIMER,
    /**
     * The guard's own rolling-window figures (the hystrix.stream's): latency percentiles and mean, error
     * percentage, requests and the most calls at once in the window; and the pools' rolling figures.
     */
    ROLLING_WINDOW,
    /** {@code firebreak.breaker.mode{mode}}: who decides the breaker's state (the rule or an operator's override). */
    BREAKER_MODE,
    /** {@code firebreak.limit.algorithm{algorithm}} and {@code firebreak.permits.in.flight}. */
    LIMIT_ALGORITHM
}
