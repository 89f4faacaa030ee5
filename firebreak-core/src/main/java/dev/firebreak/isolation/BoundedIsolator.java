package dev.firebreak.isolation;

/**
 * The isolations whose admission is a bounded count of permits ({@link Bulkhead}): SEMAPHORE and
 * VIRTUAL. They differ only in where an admitted call runs, what a refusal is called, and which limit
 * a reconfiguration resizes.
 */
public abstract sealed class BoundedIsolator implements Isolator permits SemaphoreIsolator, VirtualThreadIsolator {

    /** The permits: one per call in flight, never more than the limit in force at admission. */
    final Bulkhead permits;

    BoundedIsolator(int maxConcurrentRequests) {
        this.permits = new Bulkhead(maxConcurrentRequests);
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
}
