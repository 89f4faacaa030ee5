package dev.firebreak.retry;

import dev.firebreak.callpolicy.RetryThrottle;
import java.util.concurrent.atomic.LongAdder;

/**
 * Cumulative counts of one retry policy, since it was built. Each attempt is also a guarded call, so
 * the guard's own metrics count every attempt with its own event; these counts say what the policy
 * decided between attempts.
 */
public final class RetryMetrics {

    private final LongAdder calls = new LongAdder();
    private final LongAdder attempts = new LongAdder();
    private final LongAdder retried = new LongAdder();
    private final LongAdder budgetExhausted = new LongAdder();
    private final LongAdder throttled = new LongAdder();
    private final LongAdder deadlineReached = new LongAdder();
    private final LongAdder fallbacks = new LongAdder();
    private final LongAdder serverDelays = new LongAdder();
    private final LongAdder serverDelaysTooLong = new LongAdder();

    RetryMetrics() {
    }

    void recordCall() {
        calls.increment();
    }

    void recordAttempt() {
        attempts.increment();
    }

    void recordRetried() {
        retried.increment();
    }

    void recordBudgetExhausted() {
        budgetExhausted.increment();
    }

    void recordThrottled() {
        throttled.increment();
    }

    void recordDeadlineReached() {
        deadlineReached.increment();
    }

    void recordFallback() {
        fallbacks.increment();
    }

    void recordServerDelay() {
        serverDelays.increment();
    }

    void recordServerDelayTooLong() {
        serverDelaysTooLong.increment();
    }

    /** Calls made through the policy. */
    public long calls() {
        return calls.sum();
    }

    /** Attempts started (guarded calls made), the first ones included. */
    public long attempts() {
        return attempts.sum();
    }

    /** Retries scheduled (event RETRIED). */
    public long retried() {
        return retried.sum();
    }

    /** Retries wanted but refused by the budget or the throttle (event RETRY_BUDGET_EXHAUSTED). */
    public long budgetExhausted() {
        return budgetExhausted.sum();
    }

    /**
     * Retries wanted but refused by the {@link RetryThrottle} (the dependency fails as a whole); also
     * counted in {@link #budgetExhausted()}, the event they share.
     */
    public long throttled() {
        return throttled.sum();
    }

    /** Retries wanted but not made because their wait would end past the deadline. */
    public long deadlineReached() {
        return deadlineReached.sum();
    }

    /** Fallbacks run, each after a call's last attempt. */
    public long fallbacks() {
        return fallbacks.sum();
    }

    /**
     * Retries made after an answer with a server's delay ({@code Retry-After}): each waited at least
     * that delay (event {@code server_delay}); also counted in {@link #retried()}.
     */
    public long serverDelays() {
        return serverDelays.sum();
    }

    /**
     * Retries not made because the server's delay would end past the deadline or is longer than
     * {@code serverDelay.maxInMilliseconds}: the call ended at once with that answer (event
     * {@code server_delay_too_long}; the deadline's are also in {@link #deadlineReached()}).
     */
    public long serverDelaysTooLong() {
        return serverDelaysTooLong.sum();
    }
}
