package dev.firebreak.event;

/**
 * The closed vocabulary of what can happen to a call. Every outcome maps to these events, and metrics,
 * the stream, the request log and listeners all read the same ones. Hystrix's names are kept so that
 * dashboards read them unchanged; Firebreak's additions are marked.
 *
 * <p>One call emits exactly one <em>execution</em> event (SUCCESS, FAILURE, TIMEOUT, BAD_REQUEST,
 * SHORT_CIRCUITED, THREAD_POOL_REJECTED, SEMAPHORE_REJECTED, LIMIT_REJECTED, RATE_LIMITED, CANCELLED
 * or RESPONSE_FROM_CACHE), at most one <em>fallback</em> event, EXCEPTION_THROWN when the caller receives
 * an exception, and the markers COLLAPSED, SLOW_CALL and INJECTED where they apply. The call policies' markers
 * (RETRIED, RETRY_BUDGET_EXHAUSTED, HEDGED, HEDGE_BUDGET_EXHAUSTED) appear in a policy's own request-log
 * entry and counts, never in one attempt's events: each attempt is a guarded call of its own.
 */
public enum EventType {
    /** The call returned a value. */
    SUCCESS(Kind.EXECUTION, false),
    /** The call threw (not a bad request). Counts as an error for the breaker. */
    FAILURE(Kind.EXECUTION, true),
    /** The call did not finish before its deadline. Counts as an error for the breaker. */
    TIMEOUT(Kind.EXECUTION, true),
    /** The call threw a bad-request exception: no fallback, not an error for the breaker. */
    BAD_REQUEST(Kind.EXECUTION, false),
    /** The breaker was open; the call never ran. */
    SHORT_CIRCUITED(Kind.EXECUTION, false),
    /** The guard's thread pool (and its queue) was full; the call never ran. Counts as an error. */
    THREAD_POOL_REJECTED(Kind.EXECUTION, true),
    /** The guard's semaphore was exhausted; the call never ran. Counts as an error. */
    SEMAPHORE_REJECTED(Kind.EXECUTION, true),
    /** Firebreak: the VIRTUAL (or adaptive) concurrency limit was reached; the call never ran. Counts as an error. */
    LIMIT_REJECTED(Kind.EXECUTION, true),
    /** The caller cancelled the call before it completed. Counts as neither success nor error. */
    CANCELLED(Kind.EXECUTION, false),
    /** The value came from the request cache; the call never ran. */
    RESPONSE_FROM_CACHE(Kind.EXECUTION, false),
    /** The fallback returned a value. */
    FALLBACK_SUCCESS(Kind.FALLBACK, false),
    /** The fallback threw. */
    FALLBACK_FAILURE(Kind.FALLBACK, false),
    /** The fallback's own concurrency limit was reached. */
    FALLBACK_REJECTION(Kind.FALLBACK, false),
    /** fallback.enabled is false. */
    FALLBACK_DISABLED(Kind.FALLBACK, false),
    /** The call failed and no fallback was given. */
    FALLBACK_MISSING(Kind.FALLBACK, false),
    /** The caller received an exception. */
    EXCEPTION_THROWN(Kind.MARKER, false),
    /** The call was one request of a collapsed batch. */
    COLLAPSED(Kind.MARKER, false),
    /** Firebreak: the call succeeded but was slower than the slow-call threshold. */
    SLOW_CALL(Kind.MARKER, false),
    /** Firebreak: a retry policy made another attempt of the call (see {@code dev.firebreak.retry}). */
    RETRIED(Kind.POLICY, false),
    /** Firebreak: a retry was wanted but the retry budget was spent, so the last outcome stood. */
    RETRY_BUDGET_EXHAUSTED(Kind.POLICY, false),
    /** Firebreak: a hedging policy started a parallel attempt of the call (see {@code dev.firebreak.hedge}). */
    HEDGED(Kind.POLICY, false),
    /** Firebreak: a hedge was due but the hedge budget was spent, so the call kept its attempts in flight. */
    HEDGE_BUDGET_EXHAUSTED(Kind.POLICY, false),
    /**
     * Firebreak: the guard's rate limiter had no permit (or none within the caller's wait); the call never
     * ran. Not an error for the breaker: the limit is the caller's own, not the dependency's health.
     */
    RATE_LIMITED(Kind.EXECUTION, false),
    /**
     * Firebreak: a fault was injected into the call on purpose ({@code dev.firebreak.chaos}, the guard's
     * {@code chaos.*} keys); the call's other events say what it led to (FAILURE, TIMEOUT, a SUCCESS with a
     * substituted value, ...).
     */
    INJECTED(Kind.MARKER, false);

    /** What part of a call's life an event describes. */
    public enum Kind {
        /** How the call itself ended: exactly one per call. */
        EXECUTION,
        /** How its fallback ended: at most one per call. */
        FALLBACK,
        /** Additional facts about the call. */
        MARKER,
        /** What a call policy (retry, hedging) decided around a call's attempts; never in a guard's own counts. */
        POLICY
    }

    private static final EventType[] VALUES = values();

    private final Kind kind;
    private final boolean error;
    private final long bit;

    EventType(Kind kind, boolean error) {
        this.kind = kind;
        this.error = error;
        this.bit = 1L << ordinal();
    }

    /** Which part of a call's life this event describes. */
    public Kind kind() {
        return kind;
    }

    /**
     * Whether this event counts as an error in the error percentage (Hystrix's meaning: FAILURE,
     * TIMEOUT, THREAD_POOL_REJECTED, SEMAPHORE_REJECTED, and Firebreak's LIMIT_REJECTED). Bad requests,
     * short-circuits and cancellations are neither errors nor successes.
     */
    public boolean isError() {
        return error;
    }

    /** This event's bit in an event mask (see {@link Events}). */
    public long bit() {
        return bit;
    }

    /** The event with this ordinal, without allocating. */
    public static EventType ofOrdinal(int ordinal) {
        return VALUES[ordinal];
    }

    /** Number of event types. */
    public static int count() {
        return VALUES.length;
    }
}
