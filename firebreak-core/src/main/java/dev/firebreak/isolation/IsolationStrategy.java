package dev.firebreak.isolation;

/**
 * How a guard bounds the calls it runs ({@code execution.isolation.strategy}).
 */
public enum IsolationStrategy {
    /**
     * A platform thread pool per pool name (Hystrix's THREAD): the caller walks away at the deadline,
     * the call may be interrupted; bounded by the pool's maximum size plus its queue threshold.
     */
    THREAD,
    /**
     * A semaphore on the caller's thread (Hystrix's SEMAPHORE): cheapest, no thread hand-off. The
     * caller regains control only when the call returns; a call that returns after its deadline is
     * reported as TIMEOUT and its result discarded (see {@code Guard}).
     */
    SEMAPHORE,
    /**
     * Firebreak: a new virtual thread per call under a concurrency limit: thread isolation (walk-away,
     * interrupt) without a platform pool.
     */
    VIRTUAL
}
