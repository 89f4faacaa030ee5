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
}
