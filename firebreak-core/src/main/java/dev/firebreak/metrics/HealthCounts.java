package dev.firebreak.metrics;

import dev.firebreak.event.EventType;

/**
 * Hystrix's health figures of a window: requests, errors and the error percentage.
 *
 * <p>Requests are SUCCESS plus every error event; errors are the events whose
 * {@link EventType#isError()} is true (FAILURE, TIMEOUT, THREAD_POOL_REJECTED, SEMAPHORE_REJECTED,
 * LIMIT_REJECTED). BAD_REQUEST, CANCELLED, SHORT_CIRCUITED and RESPONSE_FROM_CACHE count for neither,
 * as in the circuit breaker's own window.
 *
 * @param requestCount calls counted
 * @param errorCount errors among them
 * @param errorPercentage {@code errorCount * 100 / requestCount} truncated, 0 with no request
 */
public record HealthCounts(long requestCount, long errorCount, int errorPercentage) {

    /** The health figures of {@code counts}. */
    public static HealthCounts of(EventCounts counts) {
        long errors = 0;
        for (EventType type : EventType.values()) {
            if (type.isError()) {
                errors += counts.get(type);
            }
        }
        long requests = counts.get(EventType.SUCCESS) + errors;
        int percentage = requests == 0 ? 0 : (int) (errors * 100 / requests);
        return new HealthCounts(requests, errors, percentage);
    }
}
