package dev.firebreak.isolation;

import dev.firebreak.event.EventType;
import dev.firebreak.time.Scheduler;
import dev.firebreak.time.Ticker;
import dev.firebreak.limit.LimitKind;

/** SEMAPHORE isolation: a bounded count; calls run on their caller's thread. */
final class SemaphoreIsolator extends BoundedIsolator {

    SemaphoreIsolator(int maxConcurrentRequests, Scheduler scheduler, Ticker ticker) {
        super(maxConcurrentRequests, true, scheduler, ticker);
    }

    @Override
    public IsolationStrategy strategy() {
        return IsolationStrategy.SEMAPHORE;
    }

    @Override
    public boolean runsOnCaller() {
        return true;
    }

    @Override
    public void launch(Runnable admittedTask) {
        throw new UnsupportedOperationException("SEMAPHORE isolation runs calls on their caller's thread");
    }

    @Override
    public EventType refusal() {
        // An adaptive limit's refusal is LIMIT_REJECTED under either bounded isolation.
        return limitAlgorithm() == LimitKind.NONE ? EventType.SEMAPHORE_REJECTED : EventType.LIMIT_REJECTED;
    }

    @Override
    public void resize(int semaphoreMax, int virtualMax) {
        resizeStatic(semaphoreMax);
    }

    @Override
    public void setMaxWait(long semaphoreWaitNanos, long virtualWaitNanos) {
        waitStatic(semaphoreWaitNanos);
    }
}
