package dev.firebreak;

import dev.firebreak.event.EventType;

/**
 * What a fallback attempt produced: a value (FALLBACK_SUCCESS) or the exception for the caller with
 * the fallback event that explains it (no event when the attempt's caller, a call policy, runs the
 * fallback itself).
 *
 * <p>On the caller-thread path a value travels alone ({@link GuardSide#recover} returns the
 * fallback's value itself) and only a failed attempt is one of these, so an answered fallback
 * allocates nothing; {@link #isFailure(Object)} tells the two apart. The hand-off path wraps the value
 * in one ({@link Pipeline#fallback}).
 */
record FallbackResult<T>(T value, GuardException exception, EventType event) {

    /** The fallback gave {@code value}. */
    public static <T> FallbackResult<T> value(T value) {
        return new FallbackResult<>(value, null, EventType.FALLBACK_SUCCESS);
    }

    /** No value: {@code exception} for the caller, {@code event} says why. */
    public static <T> FallbackResult<T> failed(EventType event, GuardException exception) {
        return new FallbackResult<>(null, exception, event);
    }

    /**
     * No fallback ran: the attempt's caller, a call policy, runs its own ({@link Fallback#deferred()}).
     * Adds no event to the attempt's mask: it is an attempt's outcome, not a caller's.
     */
    public static <T> FallbackResult<T> deferred(GuardException exception) {
        return new FallbackResult<>(null, exception, null);
    }

    /**
     * Whether {@code recovered}, what {@link GuardSide#recover} returned, is a failed attempt rather
     * than the fallback's value (a value of this internal type with an exception is never a user's).
     */
    static boolean isFailure(Object recovered) {
        return recovered instanceof FallbackResult<?> result && result.exception != null;
    }

    /**
     * The events this attempt adds to the call's mask (EXCEPTION_THROWN when the caller gets the
     * exception; none when a call policy runs the fallback, see {@link #deferred}).
     */
    public long events() {
        if (event == null) {
            return 0L;
        }
        return exception == null ? event.bit() : event.bit() | EventType.EXCEPTION_THROWN.bit();
    }
}
