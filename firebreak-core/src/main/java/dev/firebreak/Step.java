package dev.firebreak;

/**
 * The steps every guarded call passes, in this order: the one place the order is written down. The
 * caller-thread path and the hand-off path run the same steps and differ only in where
 * {@link #CALL} runs. The admissions of steps 2 and 3 are data: the guard's {@link Pipeline} is built
 * with them in a fixed order (the circuit breaker, then added attempt policies, then the isolation).
 */
enum Step {
    /** 1. The request cache, only for {@code guard.cached(key)} calls inside a request context (before the pipeline). */
    REQUEST_CACHE,
    /**
     * 2. The admissions held until the outcome (the circuit breaker, rate limiters), in build order; a
     * refusal is the call's execution event (SHORT_CIRCUITED, ...) and goes to the fallback.
     */
    ADMIT_UNTIL_OUTCOME,
    /**
     * 3. The admissions held until the user's code ends: added ones, then the isolation (semaphore,
     * pool or virtual-thread limit); a refusal is SEMAPHORE_REJECTED, THREAD_POOL_REJECTED or
     * LIMIT_REJECTED.
     */
    ADMIT_UNTIL_WORK_ENDS,
    /** 4. Launch: on the caller's thread (SEMAPHORE), a pool thread, a new virtual thread, or a stage. */
    LAUNCH,
    /** 5. The timeout: a timer for hand-offs; on the caller's thread, the elapsed time checked after the call. */
    TIMEOUT,
    /** 6. The user's call, or a fault injected in its place (a registry that allows chaos: {@code chaos.ChaosPolicy}). */
    CALL,
    /**
     * 7. Classify: SUCCESS (with SLOW_CALL), BAD_REQUEST, FAILURE or TIMEOUT, by the guard's classifier
     * (ignored exceptions: BAD_REQUEST; failing results: FAILURE); exactly one outcome claimed.
     */
    CLASSIFY,
    /** 8. The fallback, for every outcome but SUCCESS and BAD_REQUEST. */
    FALLBACK,
    /** 9. Finish: admissions exited, metrics recorded, request log and listeners told; the caller completed. */
    FINISH
}
