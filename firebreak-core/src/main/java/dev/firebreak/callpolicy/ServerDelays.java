package dev.firebreak.callpolicy;

import dev.firebreak.BadRequestException;
import dev.firebreak.GuardException;
import dev.firebreak.event.EventType;
import dev.firebreak.event.ListenerFailures;
import dev.firebreak.time.Ticker;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CancellationException;

/**
 * How a call policy reads a server's "not before" off one attempt's answer: the user's classifiers
 * ({@link ServerDelay}, one for exceptions, one for values), then {@link RetryAfterAware} on the answer
 * itself (on an exception, or one of its causes). Only a FAILURE carries a server's answer: a timeout, a
 * short-circuit, a rejection, a bad request or a cancel never does. For the policies' implementations;
 * users give the classifiers to {@code Retry.Builder} and {@code Hedge.Builder}.
 *
 * <p>Immutable and thread-safe. Never throws for the caller: a classifier (or a {@code RetryAfterAware})
 * that throws is reported once under the listener rule and counts as no delay, and so does a negative
 * delay. The policy's wall clock is read only when something is asked, so an answer nobody classifies
 * costs two type checks.
 */
public final class ServerDelays {

    /** No server delay: what {@link #nanos} answers then. */
    public static final long NONE = -1;

    /** No classifier: only answers that are {@link RetryAfterAware} say when to come back. */
    public static final ServerDelays DEFAULT = new ServerDelays(null, null);

    private static final int CAUSES = 8; // how deep a cause chain is searched for a RetryAfterAware

    private final ServerDelay<? super Throwable> onException;
    private final ServerDelay<Object> onResult;

    private ServerDelays(ServerDelay<? super Throwable> onException, ServerDelay<Object> onResult) {
        this.onException = onException;
        this.onResult = onResult;
    }

    /** These delays, with {@code classifier} reading a failed attempt's exception (the user's own). */
    public ServerDelays onException(ServerDelay<? super Throwable> classifier) {
        return new ServerDelays(Objects.requireNonNull(classifier, "classifier"), onResult);
    }

    /** These delays, with {@code classifier} reading an attempt's value. */
    public ServerDelays onResult(ServerDelay<Object> classifier) {
        return new ServerDelays(onException, Objects.requireNonNull(classifier, "classifier"));
    }

    /**
     * The delay, in nanoseconds, that an attempt's answer asks for, or {@link #NONE}: the classifier's
     * answer if it has one, else the answer's own ({@link RetryAfterAware}). A delay too long for a long
     * of nanoseconds is {@link Long#MAX_VALUE}.
     *
     * @param value the attempt's value (read when {@code failure} is null)
     * @param failure the attempt's failure as the guard reported it (outside any CompletionException), or null
     * @param ticker the policy's clock, whose {@link Ticker#wallTime()} an HTTP-date is read against
     */
    public long nanos(Object value, Throwable failure, Ticker ticker) {
        if (failure == null) {
            return ask(onResult, value, value instanceof RetryAfterAware aware ? aware : null, ticker);
        }
        Throwable exception = userException(failure);
        return exception == null ? NONE : ask(onException, exception, aware(exception), ticker);
    }

    /** The user's exception a FAILURE carries; null for any outcome the guard decided without an answer. */
    private static Throwable userException(Throwable failure) {
        if (failure instanceof GuardException guarded) {
            return guarded.event() == EventType.FAILURE ? guarded.getCause() : null;
        }
        return failure instanceof BadRequestException || failure instanceof CancellationException ? null : failure;
    }

    private static RetryAfterAware aware(Throwable exception) {
        Throwable t = exception;
        for (int depth = 0; t != null && depth < CAUSES; depth++, t = t.getCause()) {
            if (t instanceof RetryAfterAware aware) {
                return aware;
            }
        }
        return null;
    }

    private static <T> long ask(ServerDelay<? super T> classifier, T answer, RetryAfterAware aware, Ticker ticker) {
        if (classifier == null && aware == null) {
            return NONE;
        }
        Instant now = ticker.wallTime();
        long nanos = NONE;
        if (classifier != null) {
            try {
                nanos = toNanos(classifier.delay(answer, now));
            } catch (Throwable thrown) {
                ListenerFailures.report(classifier, "an answer to classify for its server delay", thrown);
            }
        }
        if (nanos == NONE && aware != null) {
            try {
                nanos = toNanos(aware.retryAfter(now));
            } catch (Throwable thrown) {
                ListenerFailures.report(aware.getClass(), "its server delay (RetryAfterAware)", thrown); // once per type
            }
        }
        return nanos;
    }

    private static long toNanos(Optional<Duration> delay) {
        if (delay == null || delay.isEmpty() || delay.get().isNegative()) {
            return NONE;
        }
        try {
            return delay.get().toNanos();
        } catch (ArithmeticException tooLong) {
            return Long.MAX_VALUE;
        }
    }
}
