package com.netflix.hystrix.util;

import com.netflix.hystrix.HystrixEventType;

/**
 * What a {@link HystrixRollingNumber} counts: most events are counters (summed per bucket);
 * {@link #COMMAND_MAX_ACTIVE} and {@link #THREAD_MAX_ACTIVE} are max updaters (the highest value
 * reported per bucket).
 */
public enum HystrixRollingNumberEvent {
    SUCCESS, FAILURE, TIMEOUT, SHORT_CIRCUITED, THREAD_POOL_REJECTED, SEMAPHORE_REJECTED, BAD_REQUEST,
    FALLBACK_SUCCESS, FALLBACK_FAILURE, FALLBACK_REJECTION, FALLBACK_MISSING, EXCEPTION_THROWN,
    COMMAND_MAX_ACTIVE, EMIT, FALLBACK_EMIT, THREAD_EXECUTION, THREAD_MAX_ACTIVE, COLLAPSED,
    RESPONSE_FROM_CACHE, COLLAPSER_REQUEST_BATCHED, COLLAPSER_BATCH;

    /** Whether this event is summed ({@link HystrixRollingNumber#increment}, {@link HystrixRollingNumber#add}). */
    public boolean isCounter() {
        return !isMaxUpdater();
    }

    /** Whether this event keeps a maximum ({@link HystrixRollingNumber#updateRollingMax}). */
    public boolean isMaxUpdater() {
        return this == COMMAND_MAX_ACTIVE || this == THREAD_MAX_ACTIVE;
    }

    /**
     * The rolling-number event of a command event.
     *
     * @throws IllegalArgumentException for an event that has no rolling-number counterpart
     *         ({@code FALLBACK_DISABLED}, {@code CANCELLED})
     */
    public static HystrixRollingNumberEvent from(HystrixEventType eventType) {
        return switch (eventType) {
            case FALLBACK_DISABLED, CANCELLED -> throw new IllegalArgumentException(
                    "HystrixRollingNumberEvent.from: HystrixEventType " + eventType + " has no rolling-number event");
            default -> valueOf(eventType.name());
        };
    }
}
