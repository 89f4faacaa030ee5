package dev.firebreak.retry;

import dev.firebreak.BadRequestException;
import dev.firebreak.GuardException;
import dev.firebreak.event.EventType;
import java.util.function.Predicate;

/**
 * Which attempt outcomes are worth another attempt. Only FAILURE (when the user's exception passes
 * the exception predicate) and TIMEOUT are retried; SHORT_CIRCUITED, the rejections, bad requests and
 * cancellations never are: retrying them adds load exactly where the guard has said no. A value is
 * retried when it passes the result predicate (none by default).
 *
 * @param onException retries a FAILURE whose cause (the user's exception) passes
 * @param onResult retries a value that passes
 */
record RetryDecision(Predicate<Throwable> onException, Predicate<Object> onResult) {

    /** Retries every failure and timeout, no value. */
    static RetryDecision defaults() {
        return new RetryDecision(t -> true, v -> false);
    }

    /** Whether an attempt that threw {@code failure} (as the guard reported it) is retried. */
    boolean retries(Throwable failure) {
        if (failure instanceof BadRequestException || !(failure instanceof GuardException guarded)) {
            return false;
        }
        EventType event = guarded.event();
        if (event == EventType.TIMEOUT) {
            return true;
        }
        return event == EventType.FAILURE && onException.test(guarded.getCause());
    }

    /** Whether an attempt that returned {@code value} is retried. */
    boolean retriesValue(Object value) {
        return onResult.test(value);
    }
}
