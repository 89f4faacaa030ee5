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
 */
public record VariantContext(URI uri, Duration timeout, SeedSizing sizing, int initialLimit, int minLimit, int maxLimit,
        Duration aimdLatencyThreshold) {
}
