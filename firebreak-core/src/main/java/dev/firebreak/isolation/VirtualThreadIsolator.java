package dev.firebreak.isolation;

import dev.firebreak.event.EventType;
import dev.firebreak.time.Scheduler;
import dev.firebreak.time.Ticker;
import java.util.concurrent.ThreadFactory;

/**
 * VIRTUAL isolation: a new virtual thread per call under a concurrency limit. The threads are all named
 * {@code firebreak-<guard>-virtual} (a thread dump tells them apart by id): a numbered name would cost
 * a string per call.
 */
final class VirtualThreadIsolator extends BoundedIsolator implements HandOffSpin.Site {

    private final ThreadFactory threads;
    private final HandOffSpin callerSpin = HandOffSpin.site();

    VirtualThreadIsolator(String guardName, int maxConcurrentRequests, Scheduler scheduler, Ticker ticker) {
        super(maxConcurrentRequests, false, scheduler, ticker);
        this.threads = Thread.ofVirtual().name("firebreak-" + guardName + "-virtual").factory();
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
    public HandOffSpin callerSpin() {
        return callerSpin;
    }

    @Override
    public void resize(int semaphoreMax, int virtualMax) {
        resizeStatic(virtualMax);
    }

    @Override
    public void setMaxWait(long semaphoreWaitNanos, long virtualWaitNanos) {
        waitStatic(virtualWaitNanos);
    }
}
