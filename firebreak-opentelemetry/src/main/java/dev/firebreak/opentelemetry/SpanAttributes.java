package dev.firebreak.opentelemetry;

import dev.firebreak.event.EventType;
import dev.firebreak.event.Events;
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
    static final AttributeKey<String> POLICY = AttributeKey.stringKey("firebreak.policy");
    static final AttributeKey<String> POLICY_NAME = AttributeKey.stringKey("firebreak.policy.name");
    static final AttributeKey<Long> ATTEMPT = AttributeKey.longKey("firebreak.attempt");
    static final AttributeKey<Long> ATTEMPTS = AttributeKey.longKey("firebreak.attempts");
    static final AttributeKey<Long> BATCH_SIZE = AttributeKey.longKey("firebreak.batch.size");
    static final AttributeKey<Double> DURATION = AttributeKey.doubleKey("firebreak.duration");
    static final AttributeKey<String> ERROR_TYPE = AttributeKey.stringKey("error.type");

    private SpanAttributes() {
    }

    /** The execution event's word: success, failure, timeout, bad_request, short_circuited, ...; null if none. */
    static String outcome(long events) {
        EventType event = Events.executionEvent(events);
        return event == null ? null : word(event);
    }

    /** The fallback's word (success, failure, rejected, missing, disabled), or null if none was tried. */
    static String fallback(long events) {
        if (Events.contains(events, EventType.FALLBACK_SUCCESS)) {
            return "success";
        }
        if (Events.contains(events, EventType.FALLBACK_FAILURE)) {
            return "failure";
        }
        if (Events.contains(events, EventType.FALLBACK_REJECTION)) {
            return "rejected";
        }
        if (Events.contains(events, EventType.FALLBACK_MISSING)) {
            return "missing";
        }
        return Events.contains(events, EventType.FALLBACK_DISABLED) ? "disabled" : null;
    }

    private static String word(EventType event) {
        return switch (event) {
            case SUCCESS -> "success";
            case FAILURE -> "failure";
            case TIMEOUT -> "timeout";
            case BAD_REQUEST -> "bad_request";
            case SHORT_CIRCUITED -> "short_circuited";
            case THREAD_POOL_REJECTED -> "thread_pool_rejected";
            case SEMAPHORE_REJECTED -> "semaphore_rejected";
            case LIMIT_REJECTED -> "limit_rejected";
            case RATE_LIMITED -> "rate_limited";
            case CANCELLED -> "cancelled";
            case RESPONSE_FROM_CACHE -> "response_from_cache";
            default -> event.name().toLowerCase(java.util.Locale.ROOT);
        };
    }

    /** Nanoseconds as seconds, OpenTelemetry's unit for durations. */
    static double seconds(long nanos) {
        return nanos / 1e9;
    }
}
