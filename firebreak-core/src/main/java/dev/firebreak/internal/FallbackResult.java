package dev.firebreak.internal;

import dev.firebreak.GuardException;
import dev.firebreak.event.EventType;

/**
 * What a fallback attempt produced: a value (FALLBACK_SUCCESS) or the exception for the caller with
 * the fallback event that explains it.
 */
public record FallbackResult<T>(T value, GuardException exception, EventType event) {

    /** The fallback gave {@code value}. */
    public static <T> FallbackResult<T> value(T value) {
        return new FallbackResult<>(value, null, EventType.FALLBACK_SUCCESS);
    }

    /** No value: {@code exception} for the caller, {@code event} says why. */
    public static <T> FallbackResult<T> failed(EventType event, GuardException exception) {
        return new FallbackResult<>(null, exception, event);
    }

    /** The events this attempt adds to the call's mask (EXCEPTION_THROWN when the caller gets the exception). */
    public long events() {
        return exception == null ? event.bit() : event.bit() | EventType.EXCEPTION_THROWN.bit();
    }
}
