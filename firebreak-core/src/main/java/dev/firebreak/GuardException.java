package dev.firebreak;

import dev.firebreak.event.EventType;

/**
 * Says what happened to a guarded call that did not produce a value: the base of
 * {@link RejectedException}, {@link ShortCircuitedException}, {@link GuardTimeoutException} and
 * {@link CallFailedException}. The fallback receives it; the caller receives it when there is no
 * fallback, or the fallback failed or was rejected (then {@link #fallbackFailure()} holds the
 * fallback's own exception, so both causes travel together).
 *
 * <p>These exceptions carry no stack trace of their own (filling one is costly on paths that must
 * stay cheap under overload); a failure's {@linkplain #getCause() cause} keeps the user's trace.
 */
public abstract sealed class GuardException extends RuntimeException
        permits RejectedException, ShortCircuitedException, GuardTimeoutException, CallFailedException {

    private final String guard;
    private final EventType event;
    private volatile EventType fallbackEvent;
    private volatile Throwable fallbackFailure;

    GuardException(String guard, EventType event, String message, Throwable cause) {
        super(message, cause, true, false);
        this.guard = guard;
        this.event = event;
    }

    /** The guard's name. */
    public String guard() {
        return guard;
    }

    /** The call's execution event: FAILURE, TIMEOUT, SHORT_CIRCUITED or one of the rejections. */
    public EventType event() {
        return event;
    }

    /**
     * What became of the fallback when this exception reached the caller: FALLBACK_MISSING,
     * FALLBACK_FAILURE, FALLBACK_REJECTION or FALLBACK_DISABLED; null while the fallback has not been tried.
     */
    public EventType fallbackEvent() {
        return fallbackEvent;
    }

    /** The fallback's own exception when it failed, else null. */
    public Throwable fallbackFailure() {
        return fallbackFailure;
    }

    /** Records the fallback's fate before this exception is handed to the caller. */
    GuardException withFallback(EventType fallbackOutcome, Throwable failure) {
        this.fallbackEvent = fallbackOutcome;
        if (failure != null) {
            this.fallbackFailure = failure;
            addSuppressed(failure);
        }
        return this;
    }

    @Override
    public String getMessage() {
        String message = super.getMessage();
        EventType fallback = fallbackEvent;
        if (fallback == null) {
            return message;
        }
        Throwable failure = fallbackFailure;
        return message + "; fallback: " + fallback + (failure == null ? "" : " (" + failure + ")");
    }
}
