package dev.firebreak.isolation;

import dev.firebreak.event.EventType;
import java.util.concurrent.ThreadFactory;

/** VIRTUAL isolation: a new virtual thread per call under a concurrency limit. */
public final class VirtualThreadIsolator implements Isolator {

    private final Bulkhead permits;
    private final ThreadFactory threads;

    VirtualThreadIsolator(String guardName, int maxConcurrentRequests) {
        this.permits = new Bulkhead(maxConcurrentRequests);
        this.threads = Thread.ofVirtual().name("firebreak-" + guardName + "-", 1).factory();
    }

    @Override
    public IsolationStrategy strategy() {
        return IsolationStrategy.VIRTUAL;
    }

    @Override
    public boolean runsOnCaller() {
        return false;
    }

    @Override
    public void launch(Runnable admittedTask) {
        threads.newThread(admittedTask).start();
    }

    @Override
    public EventType refusal() {
        return EventType.LIMIT_REJECTED;
    }

    @Override
    public boolean tryAdmit() {
        return permits.tryAcquire();
    }

    @Override
    public void release() {
        permits.release();
    }

    @Override
    public int limit() {
        return permits.limit();
    }

    @Override
    public int inFlight() {
        return permits.inFlight();
    }

    @Override
    public int peakInFlight() {
        return permits.peak();
    }

    @Override
    public void resize(int semaphoreMax, int virtualMax) {
        permits.setLimit(virtualMax);
    }
}
