package dev.firebreak.callpolicy;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * The user's classification of a server's "not before", for answers that cannot implement
 * {@link RetryAfterAware} themselves (a client library's exception, an HTTP response object): given a
 * failed attempt's exception or a returned value, and the policy's wall-clock time, the delay the server
 * asked for, or empty. Given to {@code Retry.Builder.serverDelayOnException/OnResult} and the same
 * methods of {@code Hedge.Builder}.
 *
 * <pre>{@code
 * .serverDelayOnResult((response, now) -> response instanceof HttpResponse<?> r
 *         ? RetryAfter.forStatus(r.statusCode(), r.headers().firstValue(RetryAfter.HEADER).orElse(null), now)
 *         : Optional.empty())
 * }</pre>
 *
 * @param <T> what it reads: {@code Throwable} (the user's exception of a FAILURE) or {@code Object} (a value)
 */
@FunctionalInterface
public interface ServerDelay<T> {

    /**
     * The delay {@code answer} asks for, or empty. Must not block; a negative delay counts as none, and an
     * exception thrown here is logged once and counts as none: it never breaks the call.
     *
     * @param answer the exception (the user's own, inside the guard's FAILURE) or the value an attempt ended with
     * @param now the policy's wall-clock time ({@code Ticker.wallTime()}), to read an HTTP-date against
     */
    Optional<Duration> delay(T answer, Instant now);
}
