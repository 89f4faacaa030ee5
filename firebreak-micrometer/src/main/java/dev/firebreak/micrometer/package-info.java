/**
 * Micrometer meters for a guard registry: every guard's, thread pool's, collapser's and call policy's
 * counts, gauges and latency timers, added and removed as the registry changes.
 */
package dev.firebreak.micrometer;
