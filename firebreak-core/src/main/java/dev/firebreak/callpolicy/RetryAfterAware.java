package dev.firebreak.callpolicy;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * An answer that carries a server's "not before" (an HTTP 429 or 503 with {@code Retry-After}): implement
 * it on the exception a call throws for such an answer, or on the result type it returns, and a
 * {@code Retry} waits at least that long before its next attempt (never past its deadline) and a
 * {@code Hedge} starts no further hedge for that call. No classifier has to be configured: a policy looks
 * for it on a returned value, and on a failed attempt's exception and its causes.
 *
 * <pre>{@code
 * final class TooManyRequests extends RuntimeException implements RetryAfterAware {
 *     private final String retryAfter; // the header's raw value, or null
 *     public Optional<Duration> retryAfter(Instant now) {
 *         return RetryAfter.parse(retryAfter, now);
 *     }
 * }
 * }</pre>
 */
@FunctionalInterface
public interface RetryAfterAware {

    /**
     * The server's delay as of {@code now}, or empty for none. Must not block; a negative delay counts
     * as none, and an exception thrown here is logged once and counts as none.
     *
     * @param now the policy's wall-clock time ({@code Ticker.wallTime()}), to read an HTTP-date against
     */
    Optional<Duration> retryAfter(Instant now);
}
