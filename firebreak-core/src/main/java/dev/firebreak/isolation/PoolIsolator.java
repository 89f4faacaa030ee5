package dev.firebreak.isolation;

import dev.firebreak.event.EventType;
import java.util.Optional;
import java.util.concurrent.RejectedExecutionException;

/** THREAD isolation: the guard's named platform pool, shared with the guards naming the same pool key. */
final class PoolIsolator implements Isolator, HandOffSpin.Site {

    private final GuardThreadPool pool;
    private final Optional<GuardThreadPool> found;

    PoolIsolator(GuardThreadPool pool) {
        this.pool = pool;
        this.found = Optional.of(pool);
    }

    @Override
    public IsolationStrategy strategy() {
        return IsolationStrategy.THREAD;
    }

    @Override
    public boolean runsOnCaller() {
        return false;
    }

    @Override
    public void launch(Runnable admittedTask) {
        if (!pool.executeAdmitted(admittedTask)) {
            throw new RejectedExecutionException("thread pool '" + pool.name() + "' is shut down");
        }
    }

    @Override
    public EventType refusal() {
        return EventType.THREAD_POOL_REJECTED;
    }

    @Override
    public boolean tryAdmit() {
        return pool.tryAdmit();
    }

    @Override
    public void release() {
        pool.release();
    }

    @Override
    public int limit() {
        return pool.admissionLimit();
    }

    @Override
    public int inFlight() {
        return pool.admitted();
    }

    @Override
    public int peakInFlight() {
        return pool.peakAdmitted();
    }

    @Override
    public void resize(int semaphoreMax, int virtualMax) {
        // A pool's bounds come from its own configuration (threadpool properties).
    }

    @Override
    public HandOffSpin callerSpin() {
        return pool.handOffSpin(); // one site with the pool's threads: a hand-off pays when both sides spin
    }

    @Override
    public Optional<GuardThreadPool> pool() {
        return found;
    }
}
