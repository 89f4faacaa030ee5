package dev.firebreak.attempt;

import dev.firebreak.event.EventType;

/**
 * The contract of an attempt policy: a rule a guard applies to every attempt of a call, such as the
 * circuit breaker, the isolation limit (static or adaptive) and the rate limiter. The guard's
 * one pipeline asks each of its admissions, in the order fixed when the guard was built:
 *
 * <ol>
 *   <li>{@link #enter(long) enter} at time t (the pipeline's clock reading): a permit, any non-null
 *       object the policy wants back, or null to refuse; a refusal ends the attempt with
 *       {@link #refusal()} as its execution event (then the fallback runs) and the admissions already
 *       entered are exited with that event;</li>
 *   <li>{@link #exit exit} exactly once per permit, with the attempt's execution event and its
 *       latencies: at the moment given by {@link #hold()}.</li>
 * </ol>
 *
 * <p>Rules for implementations: {@code enter} and {@code exit} run on the calling thread (or the
 * thread that decided the outcome), must not block, and should not allocate on the success path
 * (return a shared constant permit when the permit carries nothing). They must be thread-safe: many
 * attempts enter and exit at once. A policy that throws from {@code enter} is a bug: the call fails
 * with that exception's FAILURE outcome.
 */
public interface Admission {

    /** When a permit is given back. */
    enum Hold {
        /**
         * Until the attempt's outcome is decided (value, failure, timeout, cancel): the breaker, a rate
         * limiter. The event is the execution event the caller sees.
         */
        UNTIL_OUTCOME,
        /**
         * Until the user's code really returns, even after a timeout gave the caller its outcome: the
         * isolation limit, an adaptive limit. The event is SUCCESS, FAILURE or BAD_REQUEST as the guard's
         * classification judged what the code ended with (or the refusal of a later admission), the
         * latency how long it really ran (0 if it never ran).
         */
        UNTIL_WORK_ENDS
    }

    /**
     * Tries to admit one attempt at {@code nowNanos}.
     *
     * @return a permit to pass back to {@link #exit}, or null to refuse the attempt
     */
    Object enter(long nowNanos);

    /** The execution event of an attempt this policy refused (for example SHORT_CIRCUITED). */
    EventType refusal();

    /**
     * Gives back a permit {@link #enter} returned, once.
     *
     * @param permit the permit
     * @param event the attempt's execution event (see {@link Hold})
     * @param executionNanos how long the user's code ran (0 if it never ran)
     * @param nowNanos when the attempt ended
     */
    void exit(Object permit, EventType event, long executionNanos, long nowNanos);

    /** When this policy's permits are given back; by default when the outcome is decided. */
    default Hold hold() {
        return Hold.UNTIL_OUTCOME;
    }

    /**
     * Whether clock readings about a millisecond coarse serve this policy (the ticker's
     * {@linkplain dev.firebreak.time.Ticker#readCoarse() coarse reading}): a guard times a call on the
     * caller's thread that way only when every admission and everything else that sees the call allow
     * it. False unless the policy says so.
     */
    default boolean coarseTimeSuffices() {
        return false;
    }
}
