package dev.firebreak.lab.experiment.overload;

import java.net.URI;
import java.time.Duration;

/**
 * What a variant is built from for one run.
 *
 * @param uri the downstream's {@code GET /work}
 * @param timeout the HTTP client's timeout (every variant), and the guards' timeout
 * @param sizing the static sizes from seed 003's rules
 * @param initialLimit the adaptive limits' starting value
 * @param minLimit the adaptive limits' floor
 * @param maxLimit the adaptive limits' ceiling
 * @param aimdLatencyThreshold Firebreak AIMD's {@code limit.aimd.latencyThresholdInMilliseconds} (zero: off)
 * @param criticalWait the shed experiment's wait for a permit of a full limit, for the variant with priorities
 *     ({@code execution.isolation.semaphore.maxWaitInMilliseconds}: its critical calls wait, zero: none)
 */
public record VariantContext(URI uri, Duration timeout, SeedSizing sizing, int initialLimit, int minLimit, int maxLimit,
        Duration aimdLatencyThreshold, Duration criticalWait) {

    /** A context without a wait for a permit (the overload experiment's). */
    public VariantContext(URI uri, Duration timeout, SeedSizing sizing, int initialLimit, int minLimit, int maxLimit,
            Duration aimdLatencyThreshold) {
        this(uri, timeout, sizing, initialLimit, minLimit, maxLimit, aimdLatencyThreshold, Duration.ZERO);
    }
}
