package com.netflix.hystrix;

import dev.firebreak.Guard;

/*
 * A command key's own semaphore as AbstractCommand.TryableSemaphore shows it: the permits its guard's
 * isolation (or its fallback bound) holds now. Read-only: the guard takes and gives back its permits
 * itself, for its own calls, so taking one from outside is refused.
 */
final class GuardPermits implements AbstractCommand.TryableSemaphore {

    private final Guard guard;
    private final boolean fallback;

    GuardPermits(Guard guard, boolean fallback) {
        this.guard = guard;
        this.fallback = fallback;
    }

    @Override
    public boolean tryAcquire() {
        throw new UnsupportedOperationException("the guard's permits are taken by its own calls only");
    }

    @Override
    public void release() {
        throw new UnsupportedOperationException("the guard's permits are given back by its own calls only");
    }

    @Override
    public int getNumberOfPermitsUsed() {
        return fallback ? guard.controls().fallbacksInFlight() : guard.controls().permitsInFlight();
    }
}
