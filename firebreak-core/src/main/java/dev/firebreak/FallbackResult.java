package dev.firebreak;

import dev.firebreak.event.EventType;

/**
 * What a fallback attempt produced: a value (FALLBACK_SUCCESS) or the exception for the caller with
 * the fallback event that explains it.
 */
record FallbackResult<T>(T value, GuardException exception, EventType event) {

    static <T> FallbackResult<T> value(T value) {
        return new FallbackResult<>(value, null, EventType.FALLBACK_SUCCESS);
    }

    static <T> FallbackResult<T> failed(EventType event, GuardException exception) {
        return new FallbackResult<>(null, exception, event);
    }

    /** The events this attempt adds to the call's mask (EXCEPTION_THROWN when the caller gets the exception). */
    long events() {
        return exception == null ? event.bit() : event.bit() | EventType.EXCEPTION_THROWN.bit();
    }
}
