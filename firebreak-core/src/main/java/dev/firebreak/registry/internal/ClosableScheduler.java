package dev.firebreak.registry.internal;

import dev.firebreak.registry.RegistryClosedException;
import dev.firebreak.time.Cancellable;
import dev.firebreak.time.Scheduler;
import java.util.Objects;

/**
 * A registry's view of its {@link Scheduler}: schedules through it until {@link #stop()}, then refuses
 * at once with a {@link RegistryClosedException}. Tasks scheduled before the stop still run (they
 * are the deadlines of calls already in flight, which must still complete exactly once); periodic
 * work that re-arms itself (polling, stream ticks) ends at its next re-arming. The scheduler behind
 * it may be shared by several registries, so it is never shut down from here.
 */
public final class ClosableScheduler implements Scheduler {

    private final Scheduler delegate;
    private final String owner;
    private volatile boolean stopped;

    /** A view of {@code delegate} for {@code owner} (named in the error after the stop). */
    public ClosableScheduler(Scheduler delegate, String owner) {
        this.delegate = Objects.requireNonNull(delegate, "scheduler");
        this.owner = owner;
    }

    @Override
    public Cancellable schedule(long delayNanos, Runnable task) {
        if (stopped) {
            throw new RegistryClosedException(owner + "'s scheduler");
        }
        return delegate.schedule(delayNanos, task);
    }

    /** The delegate's hand-off, also after the stop: it finishes calls already in flight. */
    @Override
    public void runOffTimer(Runnable work) {
        delegate.runOffTimer(work);
    }

    /** Refuses every later {@link #schedule}. */
    public void stop() {
        stopped = true;
    }

    /** The scheduler this one delegates to. */
    public Scheduler delegate() {
        return delegate;
    }
}
