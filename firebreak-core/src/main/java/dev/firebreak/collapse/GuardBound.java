package dev.firebreak.collapse;

import dev.firebreak.Guard;

/** A guard's concurrency bound, read live: LOAD_AWARE's k when {@code loadAware.maxBatchesInFlight} is 0. */
final class GuardBound {

    private GuardBound() {
    }

    /**
     * SEMAPHORE: {@code execution.isolation.semaphore.maxConcurrentRequests}; VIRTUAL:
     * {@code execution.isolation.virtual.maxConcurrentRequests}; THREAD: the pool's admission bound
     * (maximum threads plus queue bound, shared with the pool's other guards).
     */
    static int of(Guard guard) {
        return switch (guard.isolationStrategy()) {
            case SEMAPHORE -> guard.config().semaphoreMaxConcurrentRequests();
            case VIRTUAL -> guard.config().virtualMaxConcurrentRequests();
            case THREAD -> guard.threadPool().admissionLimit();
        };
    }
}
