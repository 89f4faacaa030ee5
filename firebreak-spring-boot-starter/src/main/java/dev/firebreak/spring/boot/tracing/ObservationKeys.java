package dev.firebreak.spring.boot.tracing;

import java.util.Locale;

/**
 * The key names and values of the observations: the same {@code firebreak.*} attributes as
 * firebreak-opentelemetry's spans, so a trace reads the same with or without Spring. Micrometer's key
 * values are text: numbers and booleans are written as text.
 */
final class ObservationKeys {

    // Written as PREFIX + name: these are span attributes, not configuration keys, and the metadata check
    // (SpringMetadataTest) takes every whole "firebreak.*" literal of the starter's sources for a key.
    private static final String PREFIX = "firebreak.";

    /** The observation of one guarded call (a span named after the guard). */
    static final String CALL = PREFIX + "guard.call";
    /** The observation of one call of a retry, a hedge, a collapsed request or a batch. */
    static final String POLICY_CALL = PREFIX + "policy.call";

    static final String GUARD = PREFIX + "guard";
    static final String GROUP = PREFIX + "group";
    static final String POOL = PREFIX + "pool";
    static final String ISOLATION = PREFIX + "isolation";
    static final String LIMIT_ALGORITHM = PREFIX + "limit.algorithm";
    static final String CALL_MODE = PREFIX + "call.mode";
    static final String OUTCOME = PREFIX + "outcome";
    static final String FALLBACK = PREFIX + "fallback";
    static final String SLOW = PREFIX + "slow";
    /** "true" on the observation of a call into which a fault was injected on purpose (chaos). */
    static final String CHAOS_INJECTED = PREFIX + "chaos.injected";
    static final String POLICY = PREFIX + "policy";
    static final String POLICY_NAME = PREFIX + "policy.name";
    static final String ATTEMPT = PREFIX + "attempt";
    static final String ATTEMPTS = PREFIX + "attempts";
    static final String BATCH_SIZE = PREFIX + "batch.size";
    static final String ERROR_TYPE = "error.type";

    /** Told when a call waited for a permit (rate limiter, full isolation) or in a pool's queue. */
    static final String WAIT_ADMISSION = PREFIX + "wait.admission";
    static final String WAIT_QUEUE = PREFIX + "wait.queue";

    private ObservationKeys() {
    }

    /** A policy's decision as an event: {@code retried} is {@code firebreak.retried}. */
    static String event(String decision) {
        return PREFIX + decision;
    }

    /** How a guarded call was made: execute, submit or submit_async. */
    static String mode(dev.firebreak.context.CallTracer.CallMode mode) {
        return mode.name().toLowerCase(Locale.ROOT);
    }
}
