package dev.firebreak.opentelemetry;

import io.opentelemetry.api.common.AttributeKey;

/** The span attribute keys and values (the metric vocabulary's outcome and fallback words). */
final class SpanAttributes {

    static final AttributeKey<String> GUARD = AttributeKey.stringKey("firebreak.guard");
    static final AttributeKey<String> GROUP = AttributeKey.stringKey("firebreak.group");
    static final AttributeKey<String> POOL = AttributeKey.stringKey("firebreak.pool");
    static final AttributeKey<String> ISOLATION = AttributeKey.stringKey("firebreak.isolation");
    static final AttributeKey<String> LIMIT_ALGORITHM = AttributeKey.stringKey("firebreak.limit.algorithm");
    static final AttributeKey<String> CALL_MODE = AttributeKey.stringKey("firebreak.call.mode");
    static final AttributeKey<String> OUTCOME = AttributeKey.stringKey("firebreak.outcome");
    static final AttributeKey<String> FALLBACK = AttributeKey.stringKey("firebreak.fallback");
    static final AttributeKey<Boolean> SLOW = AttributeKey.booleanKey("firebreak.slow");
    /** True on the span of a call into which a fault was injected on purpose (chaos). */
    static final AttributeKey<Boolean> CHAOS_INJECTED = AttributeKey.booleanKey("firebreak.chaos.injected");
    static final AttributeKey<String> POLICY = AttributeKey.stringKey("firebreak.policy");
    static final AttributeKey<String> POLICY_NAME = AttributeKey.stringKey("firebreak.policy.name");
    static final AttributeKey<Long> ATTEMPT = AttributeKey.longKey("firebreak.attempt");
    static final AttributeKey<Long> ATTEMPTS = AttributeKey.longKey("firebreak.attempts");
    static final AttributeKey<Long> BATCH_SIZE = AttributeKey.longKey("firebreak.batch.size");
    static final AttributeKey<Double> DURATION = AttributeKey.doubleKey("firebreak.duration");
    static final AttributeKey<String> ERROR_TYPE = AttributeKey.stringKey("error.type");

    private SpanAttributes() {
    }

    /** Nanoseconds as seconds, OpenTelemetry's unit for durations. */
    static double seconds(long nanos) {
        return nanos / 1e9;
    }
}
