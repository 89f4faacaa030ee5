package dev.firebreak.isolation;

import dev.firebreak.limit.LimitKind;
import dev.firebreak.limit.LimitListener;
import dev.firebreak.event.EventType;
import java.util.Objects;
import java.util.Optional;

/**
 * What a user may see of a guard's isolation ({@code guard.controls().isolator()}): its strategy, limit,
 * permits in flight, refusal event and pool. It offers nothing that takes or gives a permit: only the
 * guard's pipeline admits and releases, through the {@link Isolator} it holds.
 */
public final class IsolationView {

    private final Isolator isolator;

    private IsolationView(Isolator isolator) {
        this.isolator = Objects.requireNonNull(isolator, "isolator");
    }

    /** The read-only view of {@code isolator}. */
    public static IsolationView of(Isolator isolator) {
        return new IsolationView(isolator);
    }

    /** The strategy. */
    public IsolationStrategy strategy() {
        return isolator.strategy();
    }

    /** Whether a synchronous call runs on its caller's thread (SEMAPHORE). */
    public boolean runsOnCaller() {
        return isolator.runsOnCaller();
    }

    /** The most calls admitted at once now (a pool's: threads plus queue bound). */
    public int limit() {
        return isolator.limit();
    }

    /** The algorithm driving {@link #limit()}: NONE when the limit is the configured static one. */
    public LimitKind limitAlgorithm() {
        return isolator.limitAlgorithm();
    }

    /** Permits held now. */
    public int inFlight() {
        return isolator.inFlight();
    }

    /** The most permits ever held at once. */
    public int peakInFlight() {
        return isolator.peakInFlight();
    }

    /** Calls waiting now for a permit of the full bulkhead (SEMAPHORE and VIRTUAL with a wait set). */
    public int waiting() {
        return isolator.waiting();
    }

    /** Calls that waited for a permit and then got one. */
    public long admittedAfterWait() {
        return isolator.admittedAfterWait();
    }

    /**
     * Calls that waited for a permit and were refused (their wait ran out, or the caller was interrupted):
     * counted in the refusal event too, this tells them from those refused at once.
     */
    public long refusedAfterWait() {
        return isolator.refusedAfterWait();
    }

    /** The event a refused call reports (SEMAPHORE_REJECTED, THREAD_POOL_REJECTED, ...). */
    public EventType refusal() {
        return isolator.refusal();
    }

    /** The pool, under THREAD isolation. */
    public Optional<GuardThreadPool> pool() {
        return isolator.pool();
    }

    /**
     * Subscribes to the changes an adaptive limit ({@code limit.algorithm}) makes to {@link #limit()}, see
     * {@link LimitListener}; under THREAD isolation there is no adaptive limit and nothing is told.
     */
    public void addLimitListener(LimitListener listener) {
        isolator.addLimitListener(listener);
    }

    /** Unsubscribes a listener added with {@link #addLimitListener}. */
    public void removeLimitListener(LimitListener listener) {
        isolator.removeLimitListener(listener);
    }

    @Override
    public String toString() {
        return "Isolation[" + strategy() + ", " + inFlight() + "/" + limit() + "]";
    }
}
