package dev.firebreak.isolation;

import dev.firebreak.event.EventType;

/** SEMAPHORE isolation: a bounded count; calls run on their caller's thread. */
public final class SemaphoreIsolator extends BoundedIsolator {

    SemaphoreIsolator(int maxConcurrentRequests) {
        super(maxConcurrentRequests);
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
        return EventType.SEMAPHORE_REJECTED;
    }

    @Override
    public void resize(int semaphoreMax, int virtualMax) {
        permits.setLimit(semaphoreMax);
    }
}
