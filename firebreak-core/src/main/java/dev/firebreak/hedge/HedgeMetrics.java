package dev.firebreak.hedge;

import java.util.concurrent.atomic.LongAdder;

/**
 * Cumulative counts of one hedging policy, since it was built. Every attempt is also a guarded call
 * counted by the guard (losers as CANCELLED when the cancel lands first).
 */
public final class HedgeMetrics {

    private final LongAdder calls = new LongAdder();
    private final LongAdder attempts = new LongAdder();
    private final LongAdder hedged = new LongAdder();
    private final LongAdder budgetExhausted = new LongAdder();
    private final LongAdder throttled = new LongAdder();
    private final LongAdder hedgeWins = new LongAdder();
    private final LongAdder losersCancelled = new LongAdder();
    private final LongAdder serverDelays = new LongAdder();

    HedgeMetrics() {
    }

    void recordCall() {
        calls.increment();
    }

    void recordAttempt() {
        attempts.increment();
    }

    void recordHedged() {
        hedged.increment();
    }

    void recordBudgetExhausted() {
        budgetExhausted.increment();
    }

    void recordThrottled() {
        throttled.increment();
    }

    void recordHedgeWin() {
        hedgeWins.increment();
    }

    void recordLoserCancelled() {
        losersCancelled.increment();
    }

    void recordServerDelay() {
        serverDelays.increment();
    }

    /** Calls made through the policy. */
    public long calls() {
        return calls.sum();
    }

    /** Attempts started (guarded calls made), the first ones included. */
    public long attempts() {
        return attempts.sum();
    }

    /** Hedges started (event HEDGED). */
    public long hedged() {
        return hedged.sum();
    }

    /** Hedges due but refused by the throttle (the dependency fails as a whole); also in {@link #budgetExhausted()}. */
    public long throttled() {
        return throttled.sum();
    }

    /** Hedges due but refused by the budget or the throttle (event HEDGE_BUDGET_EXHAUSTED). */
    public long budgetExhausted() {
        return budgetExhausted.sum();
    }

    /** Calls whose winning attempt was a hedge, not the first attempt. */
    public long hedgeWins() {
        return hedgeWins.sum();
    }

    /** Attempts cancelled because another attempt of their call won. */
    public long losersCancelled() {
        return losersCancelled.sum();
    }

    /**
     * Calls whose attempt answered with a server's delay ({@code Retry-After}), after which no hedge
     * started (event {@code server_delay}); counted once per call.
     */
    public long serverDelays() {
        return serverDelays.sum();
    }
}
