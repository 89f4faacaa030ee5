package dev.firebreak.collapse;

import dev.firebreak.Guard;

/**
 * A guard's concurrency bound, read live: LOAD_AWARE's k when {@code loadAware.maxBatchesInFlight} is 0
 * is at most this. It keeps the collapser from being rejected by its own guard only because a slot is
 * held exactly as long as the guard holds the batch call's permit (see {@link BatchQueue}); a permit
 * outliving its slot would let more batches leave than the bound admits.
 */
final class GuardBound {

    private GuardBound() {
    }

    /**
     * The guard's isolation limit as its isolator reports it: the semaphore's or the virtual limit,
     * or under THREAD the pool's admission bound (maximum threads plus queue bound, shared with the
     * pool's other guards).
     */
    static int of(Guard guard) {
        return guard.controls().isolator().limit();
    }
}
