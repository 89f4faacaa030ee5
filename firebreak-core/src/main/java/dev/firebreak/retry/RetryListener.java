package dev.firebreak.retry;

import java.time.Duration;

/**
 * Told of every retry a {@link Retry} policy schedules ({@link Retry#addListener}): once per retry,
 * after the policy decided it and before the wait starts, on the thread that completed the failed
 * attempt, never under a lock. A listener that throws is logged once and ignored: it never breaks the
 * call. Keep it fast and non-blocking.
 */
@FunctionalInterface
public interface RetryListener {

    /**
     * Attempt {@code attempt} of a call is retried: attempt {@code attempt + 1} starts after {@code wait}.
     *
     * @param policy the retry policy's name
     * @param attempt the number of the attempt that is retried (1 for the call's first)
     * @param wait the backoff before the next attempt
     * @param cause what the attempt failed with, or null when its value is retried ({@code retryOnResult})
     */
    void onRetry(String policy, int attempt, Duration wait, Throwable cause);

    /**
     * Attempt {@code attempt} of a call answered with a server's delay ({@code Retry-After}); told before
     * {@link #onRetry} when the retry waits for it, on the same thread. The default does nothing.
     *
     * @param policy the retry policy's name
     * @param attempt the number of the attempt that answered
     * @param delay the delay the server asked for
     * @param honoured true if the next attempt waits for it; false if it would end past the deadline or is
     *     longer than {@code serverDelay.maxInMilliseconds}, and the call ends now with that answer
     */
    default void onServerDelay(String policy, int attempt, Duration delay, boolean honoured) {
    }
}
