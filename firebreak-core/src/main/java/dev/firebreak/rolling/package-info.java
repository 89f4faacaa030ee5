/**
 * Rolling-window building blocks, with time as data: {@link dev.firebreak.rolling.RollingCounter}
 * (counts per kind and a rolling maximum) and {@link dev.firebreak.rolling.RollingPercentile}
 * (log-linear latency histograms, within 1 % of exact), both on a lock-free ring of buckets rotated by
 * the clock readings passed in. Used by guard and pool metrics and by the circuit breaker's health
 * window; a collapser's batch-size distribution can use the same pieces.
 */
package dev.firebreak.rolling;
