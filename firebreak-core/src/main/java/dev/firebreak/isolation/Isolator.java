package dev.firebreak.isolation;

import dev.firebreak.attempt.Admission;
import dev.firebreak.event.EventType;
import dev.firebreak.limit.LimitConfig;
import dev.firebreak.limit.LimitKind;
import dev.firebreak.limit.LimitListener;
import dev.firebreak.time.Scheduler;
import dev.firebreak.time.Ticker;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Supplier;

/**
 * A guard's isolation as an object: it admits and releases attempts (an {@link Admission} held until
 * the user's code really ends), launches a blocking call where it must run, names its refusal event,
 * and reports its limit and what it holds. One implementation per strategy; nobody switches on
 * {@link IsolationStrategy} except {@link #of}, the one place a configured strategy becomes its object.
 */
public sealed interface Isolator extends Admission permits BoundedIsolator, PoolIsolator {

    /** The permit every isolator hands out: its bound is a count, so the permit carries nothing. */
    Object PERMIT = new Object() {
        @Override
        public String toString() {
            return "isolation permit";
        }
    };

    /**
     * What {@link #enter(long, QueuedAdmission.Source)} answers for a call queued for a permit: it is told later,
     * through the {@link QueuedAdmission} it gave.
     */
    Object QUEUED = new Object() {
        @Override
        public String toString() {
            return "queued for an isolation permit";
        }
    };

    /** The isolator for {@code strategy}, with the limits it reads and, for THREAD, where its pool comes from. */
    static Isolator of(IsolationStrategy strategy, String guardName, int semaphoreMax, int virtualMax,
            Supplier<GuardThreadPool> pool) {
        return of(strategy, guardName, semaphoreMax, virtualMax, pool, Scheduler.system(), Ticker.system());
    }

    /**
     * {@link #of(IsolationStrategy, String, int, int, Supplier)} whose waits for a permit (SEMAPHORE and
     * VIRTUAL, when a wait is set with {@link #setMaxWait}) run on {@code scheduler} and {@code ticker}.
     */
    static Isolator of(IsolationStrategy strategy, String guardName, int semaphoreMax, int virtualMax,
            Supplier<GuardThreadPool> pool, Scheduler scheduler, Ticker ticker) {
        return switch (strategy) {
            case SEMAPHORE -> new SemaphoreIsolator(semaphoreMax, scheduler, ticker);
            case VIRTUAL -> new VirtualThreadIsolator(guardName, virtualMax, scheduler, ticker);
            case THREAD -> new PoolIsolator(pool.get());
        };
    }

    /**
     * True: an isolation limit counts calls, not time (an adaptive limit's round trips are sampled
     * only when the guard's configuration, which turns it on, asks for the precise clock).
     */
    @Override
    default boolean coarseTimeSuffices() {
        return true;
    }

    /** The strategy this isolator stands for (for reporting: the stream, Micrometer, configuration). */
    IsolationStrategy strategy();

    /** True when a blocking call runs on its caller's thread (no hand-off, no walk-away at the deadline). */
    boolean runsOnCaller();

    /**
     * Starts an admitted blocking call elsewhere (a pool thread, a new virtual thread). The permit
     * stays held until the task gives it back.
     *
     * @throws RejectedExecutionException if the call cannot be started (a pool shut down); the permit
     *     is still held by the caller, which must give it back
     * @throws UnsupportedOperationException if {@link #runsOnCaller()}
     */
    void launch(Runnable admittedTask);

    /** The bound in force: calls (or stages) admitted at once. */
    int limit();

    /** Permits held now: admitted and not yet ended, including abandoned calls still running. */
    int inFlight();

    /**
     * {@link #inFlight()} when it may exceed {@code floor}; otherwise some value at most {@code floor}.
     * For a rolling maximum read on every call: an isolator whose exact count costs more than a bound
     * (a striped bulkhead) answers from the bound when the bound cannot raise the maximum.
     */
    default int inFlightAbove(int floor) {
        return inFlight();
    }

    /** The most permits ever held at once. */
    int peakInFlight();

    /**
     * Applies the live limit from the configuration: each isolator picks the value that is its own
     * (the semaphore's or the virtual limit; a pool's bounds come from its own configuration).
     */
    void resize(int semaphoreMax, int virtualMax);

    /**
     * Applies the live waits for a permit of a full bulkhead ({@code execution.isolation.semaphore.maxWait...}
     * and {@code virtual.maxWait...}): each bounded isolator picks its own; 0 refuses at once. A thread
     * pool never waits (its queue is its wait).
     */
    default void setMaxWait(long semaphoreWaitNanos, long virtualWaitNanos) {
        // THREAD: nothing waits.
    }

    /** The wait for a permit of a full bulkhead in force, in nanoseconds (0: a full bulkhead refuses at once). */
    default long maxWaitNanos() {
        return 0L;
    }

    /** Callers waiting for a permit now. */
    default int waiting() {
        return 0;
    }

    /** Calls that waited for a permit and then got one. */
    default long admittedAfterWait() {
        return 0L;
    }

    /** Calls that waited for a permit and were refused (the wait ran out, or the caller was interrupted). */
    default long refusedAfterWait() {
        return 0L;
    }

    /** The algorithm driving {@link #limit()}; NONE when the limit is the configured static one. */
    default LimitKind limitAlgorithm() {
        return LimitKind.NONE;
    }

    /**
     * Subscribes to the changes an adaptive limit makes to {@link #limit()} (SEMAPHORE and VIRTUAL; a
     * thread pool has no adaptive limit, so its listeners are never told).
     */
    default void addLimitListener(LimitListener listener) {
        Objects.requireNonNull(listener, "listener");
    }

    /** Unsubscribes a listener added with {@link #addLimitListener}. */
    default void removeLimitListener(LimitListener listener) {
        // THREAD: nothing was kept.
    }

    /**
     * Applies the adaptive-limit configuration ({@code limit.*}). SEMAPHORE and VIRTUAL take it; a
     * thread pool, shared by the guards naming it, keeps its own bounds and ignores it.
     *
     * @param dropAfterNanos work running longer than this counts as a drop (the guard's timeout)
     */
    default void adapt(LimitConfig config, long dropAfterNanos) {
        // THREAD: the pool's admission bound comes from its own configuration.
    }

    /** The thread pool, for THREAD isolation. */
    default Optional<GuardThreadPool> pool() {
        return Optional.empty();
    }

    @Override
    default Object enter(long nowNanos) {
        return tryAdmit() ? PERMIT : null;
    }

    /**
     * {@link #enter(long)} for an asynchronous call, which never blocks its submitter: a permit, null
     * (refused), or {@link #QUEUED} when the bound is full and a wait is set; then {@code call} makes its
     * {@link QueuedAdmission}, which is told its permit or its refusal later, exactly once. Isolators
     * that never wait admit or refuse.
     */
    default Object enter(long nowNanos, QueuedAdmission.Source call) {
        return enter(nowNanos);
    }

    @Override
    default void exit(Object permit, EventType event, long executionNanos, long nowNanos) {
        release();
    }

    @Override
    default Hold hold() {
        return Hold.UNTIL_WORK_ENDS;
    }

    /** Takes a permit if one is free. */
    boolean tryAdmit();

    /** Gives back a permit taken by {@link #tryAdmit()} (or {@link #enter}). */
    void release();
}
