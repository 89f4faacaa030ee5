package dev.firebreak;

import dev.firebreak.event.EventType;
import java.util.Objects;

/**
 * Says what happened to a guarded call that did not produce a value: the base of
 * {@link RejectedException}, {@link ShortCircuitedException}, {@link GuardTimeoutException} and
 * {@link CallFailedException}. The fallback receives it; the caller receives it when there is no
 * fallback, or the fallback failed or was rejected (then {@link #fallbackFailure()} holds the
 * fallback's own exception, so both causes travel together).
 *
 * <p>No stack is walked when the exception is made (that is costly on paths that must stay cheap
 * under overload, and a fallback that answers needs none). When the exception reaches a caller of
 * {@code execute}, its stack trace is filled there, on the caller's thread, so a logged timeout shows
 * the call site (a handed-off call's caller gets the frames of its wait). Futures are completed
 * without one. {@code -Dfirebreak.guardException.callerSite=false} turns this off. A failure's
 * {@linkplain #getCause() cause} keeps the user's own trace.
 */
public abstract sealed class GuardException extends RuntimeException
        permits RejectedException, ShortCircuitedException, GuardTimeoutException, CallFailedException {

    /** Whether the caller's site is recorded ({@code firebreak.guardException.callerSite}, default true). */
    private static final boolean CALLER_SITE = !"false".equals(System.getProperty("firebreak.guardException.callerSite"));

    private final String guard;
    private final EventType event;
    private volatile EventType fallbackEvent;
    private volatile Throwable fallbackFailure;
    private boolean filling; // guarded by this (fillInStackTrace is synchronized)

    /** Whether this is a guard's shared refusal (see {@link #GuardException(String, EventType, boolean)}). */
    private final boolean shared;

    GuardException(String guard, EventType event, String message, Throwable cause) {
        super(message, cause, true, true); // writable, but the constructor's fill is skipped (see fillInStackTrace)
        this.guard = guard;
        this.event = event;
        this.shared = false;
    }

    /**
     * A refusal with its message built on demand ({@link #describe()}); {@code shared} makes the
     * instance a guard hands to every fallback of that refusal: immutable (no stack trace, suppression
     * disabled, the fallback's fate never recorded in it), so nothing of one call travels to another.
     * The caller never receives a shared instance: it gets a fresh one saying what became of the fallback.
     */
    GuardException(String guard, EventType event, boolean shared) {
        super(null, null, !shared, !shared);
        this.guard = guard;
        this.event = event;
        this.shared = shared;
    }

    /** Whether this instance is shared by the fallbacks of a guard's refusals (so carries no call's state). */
    final boolean isShared() {
        return shared;
    }

    /** The message of an exception made without one: what happened, built when first asked. */
    String describe() {
        return guard + ": " + event;
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

    /**
     * For a fallback that answers with a stage or a publisher which fails later: the exception for the
     * caller, this call's (a fresh one when this is a guard's shared refusal, which belongs to no call) with
     * FALLBACK_FAILURE and {@code failure} as its {@link #fallbackFailure()}, as when a fallback throws. The
     * guard recorded the fallback when it asked for it; nothing more is recorded.
     */
    public GuardException fallbackFailedLater(Throwable failure) {
        Objects.requireNonNull(failure, "failure");
        GuardException told = switch (this) {
            case ShortCircuitedException refusal when shared -> new ShortCircuitedException(guard);
            case RateLimitedException refusal when shared -> new RateLimitedException(guard, refusal.limit);
            case PriorityRejectedException refusal when shared ->
                    new PriorityRejectedException(guard, refusal.limit, refusal.criticality());
            case RejectedException refusal when shared -> new RejectedException(guard, event, refusal.limit);
            default -> this;
        };
        return told.withFallback(EventType.FALLBACK_FAILURE, failure);
    }

    /** Records the fallback's fate before this exception is handed to the caller. */
    GuardException withFallback(EventType fallbackOutcome, Throwable failure) {
        if (shared) {
            throw new IllegalStateException("a shared refusal records no call's fallback: make a fresh exception");
        }
        this.fallbackEvent = fallbackOutcome;
        if (failure != null) {
            this.fallbackFailure = failure;
            if (failure != this) { // a fallback may rethrow what it was given: no self-suppression
                addSuppressed(failure);
            }
        }
        return this;
    }

    /**
     * Records the current thread's stack, the caller's site, as this exception's trace, unless turned
     * off; called on the caller's thread just before the exception is thrown to it.
     */
    synchronized GuardException atCallerSite() {
        if (CALLER_SITE) {
            filling = true;
            try {
                super.fillInStackTrace();
            } finally {
                filling = false;
            }
        }
        return this;
    }

    /** Walks no stack unless {@link #atCallerSite()} asks: making the exception stays cheap. */
    @Override
    public synchronized Throwable fillInStackTrace() {
        return filling ? super.fillInStackTrace() : this;
    }

    @Override
    public String getMessage() {
        String message = super.getMessage();
        if (message == null) {
            message = describe();
        }
        EventType fallback = fallbackEvent;
        if (fallback == null) {
            return message;
        }
        Throwable failure = fallbackFailure;
        return message + "; fallback: " + fallback + (failure == null || failure == this ? "" : " (" + failure + ")");
    }
}
