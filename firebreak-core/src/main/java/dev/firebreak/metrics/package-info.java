/**
 * A guard's and a thread pool's figures: rolling and cumulative event counts, health counts, latency
 * percentiles, as snapshots read through {@code guard.controls().metrics()}; and the metrics settings
 * ({@code metrics.*} keys).
 */
package dev.firebreak.metrics;
