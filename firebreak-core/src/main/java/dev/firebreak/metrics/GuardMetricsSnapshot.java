package dev.firebreak.metrics;

import dev.firebreak.breaker.BreakerMode;
import dev.firebreak.breaker.CircuitState;
import dev.firebreak.rolling.LatencySnapshot;

/**
 * Everything known about one guard's health at one moment, immutable: what the hystrix.stream
 * {@code HystrixCommand} event, the dashboard and Micrometer read, without touching the metrics'
 * internals. Configuration values (thresholds, timeouts) are not repeated here: read them from the
 * guard's {@code config()}.
 *
 * @param atNanos the ticker reading the snapshot was taken at
 * @param rollingWindowMillis {@code metrics.rollingStats.timeInMilliseconds}: the span of {@code rolling}
 * @param rolling event counts in the rolling window ({@code rollingCount*} fields)
 * @param cumulative event counts since the guard was created ({@code cumulativeCount*} fields)
 * @param health requests, errors and error percentage of the rolling window ({@code requestCount},
 *     {@code errorCount}, {@code errorPercentage})
 * @param executionLatency the user's call's duration ({@code latencyExecute}), over
 *     {@code metrics.rollingPercentile.timeInMilliseconds}; all -1 when percentiles are disabled
 * @param totalLatency from entering the guard to the caller's outcome ({@code latencyTotal})
 * @param concurrentExecutions calls whose user code runs now ({@code currentConcurrentExecutionCount})
 * @param rollingMaxConcurrentExecutions the most at once in the rolling window, now included
 *     ({@code rollingMaxConcurrentExecutionCount})
 * @param circuitState the breaker's state as its mode reports it ({@code isCircuitBreakerOpen} is
 *     {@link #circuitOpen()})
 * @param circuitMode who decides that state: AUTOMATIC (the rule) or an override (FORCED_OPEN,
 *     FORCED_CLOSED, DISABLED, METRICS_ONLY), so a forced state never reads as the rule's
 */
public record GuardMetricsSnapshot(
        long atNanos,
        int rollingWindowMillis,
        EventCounts rolling,
        EventCounts cumulative,
        HealthCounts health,
        LatencySnapshot executionLatency,
        LatencySnapshot totalLatency,
        int concurrentExecutions,
        long rollingMaxConcurrentExecutions,
        CircuitState circuitState,
        BreakerMode circuitMode) {

    /** A snapshot of a breaker in AUTOMATIC mode (the component list before the mode was added). */
    public GuardMetricsSnapshot(long atNanos, int rollingWindowMillis, EventCounts rolling, EventCounts cumulative,
            HealthCounts health, LatencySnapshot executionLatency, LatencySnapshot totalLatency, int concurrentExecutions,
            long rollingMaxConcurrentExecutions, CircuitState circuitState) {
        this(atNanos, rollingWindowMillis, rolling, cumulative, health, executionLatency, totalLatency,
                concurrentExecutions, rollingMaxConcurrentExecutions, circuitState, BreakerMode.AUTOMATIC);
    }

    /**
     * Whether the breaker is not closed (OPEN or HALF_OPEN), as hystrix.stream's
     * {@code isCircuitBreakerOpen}; false under METRICS_ONLY, which short-circuits nothing whatever
     * state it reports.
     */
    public boolean circuitOpen() {
        return circuitState != CircuitState.CLOSED && circuitMode != BreakerMode.METRICS_ONLY;
    }

    /** Whether an override, not the rule, decides the state (see {@code circuitMode}). */
    public boolean circuitForced() {
        return circuitMode.isOverride();
    }
}
