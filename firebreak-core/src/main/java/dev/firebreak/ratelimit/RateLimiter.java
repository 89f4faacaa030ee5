package dev.firebreak.ratelimit;

import dev.firebreak.attempt.Admission;
import dev.firebreak.event.EventType;
import dev.firebreak.event.ListenerFailures;
import dev.firebreak.time.Cancellable;
import dev.firebreak.time.Scheduler;
import dev.firebreak.time.internal.OffTimer;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A guard's rate limiter, an attempt policy held until the outcome: each attempt takes one permit of a
 * {@link RateLimitKind#TOKEN_BUCKET token bucket} or a {@link RateLimitKind#SLIDING_WINDOW sliding
 * window}, on the registry's clock. Without a free permit the attempt is refused at once
 * ({@link EventType#RATE_LIMITED}, then the fallback), or, with {@code maxWait > 0}, its caller waits
 * for the permit reserved for it, never longer than {@code maxWait}: a caller whose reservation would
 * lie further out is refused at once instead.
 *
 * <p>Waiting callers are served in arrival order, and wait on the registry's clock; an interrupted one
 * gives up (RATE_LIMITED, the interrupt flag kept). Inside a timer task (a collapser's batch leaving on
 * the timer) a caller never waits: only a permit free at once admits, so the timer thread is never
 * blocked.
 *
 * <p>Invariant: in any interval of length W, at most {@code permitsPerSecond * W + burst} attempts are
 * admitted (for a sliding window: in any interval of length {@code window}).
 */
// Reservations are made under one ReentrantLock in arrival order and their grant times never decrease,
// which is what serves waiting callers in arrival order. A waiting caller parks until a task on the
// registry's Scheduler (which only counts down its latch) reaches its grant time.
public final class RateLimiter implements Admission {

    private static final Object PERMIT = new Object() {
        @Override
        public String toString() {
            return "rate-limit permit";
        }
    };

    private final Scheduler scheduler;
    private final ReentrantLock lock = new ReentrantLock();
    private RateLimitConfig config; // guarded by lock; read without it through the volatile view below
    private volatile RateLimitConfig published;
    private PermitSchedule schedule; // guarded by lock
    private final LongAdder admitted = new LongAdder();
    private final LongAdder refused = new LongAdder();
    private final LongAdder waitingNow = new LongAdder();
    private final CopyOnWriteArrayList<RateLimitListener> listeners = new CopyOnWriteArrayList<>();

    /** A rate limiter with {@code config}, whose waits run on {@code scheduler}'s clock. */
    public RateLimiter(RateLimitConfig config, Scheduler scheduler) {
        this.scheduler = Objects.requireNonNull(scheduler, "scheduler");
        this.config = Objects.requireNonNull(config, "config");
        this.published = config;
        this.schedule = PermitSchedule.of(config);
    }

    @Override
    public Object enter(long nowNanos) {
        if (!published.enabled()) {
            return PERMIT;
        }
        long wait;
        lock.lock();
        try {
            long maxWait = OffTimer.inTimerTask() ? 0L : config.maxWait().toNanos();
            wait = schedule.reserve(nowNanos, maxWait);
        } finally {
            lock.unlock();
        }
        if (wait < 0 || (wait > 0 && !awaitGrant(wait))) {
            refused.increment();
            if (!listeners.isEmpty()) {
                tellRefused(nowNanos); // after the lock: listeners never run under it
            }
            return null;
        }
        admitted.increment();
        return PERMIT;
    }

    /** Parks until the scheduler reaches the grant time; false if interrupted or the scheduler refused. */
    private boolean awaitGrant(long waitNanos) {
        CountDownLatch granted = new CountDownLatch(1);
        Cancellable timer;
        try {
            timer = scheduler.schedule(waitNanos, granted::countDown);
        } catch (RuntimeException closed) {
            return false;
        }
        waitingNow.increment();
        try {
            granted.await();
            return true;
        } catch (InterruptedException interrupted) {
            timer.cancel();
            Thread.currentThread().interrupt();
            return false;
        } finally {
            waitingNow.decrement();
        }
    }

    private void tellRefused(long nowNanos) {
        int rate = published.permitsPerSecond();
        for (RateLimitListener listener : listeners) {
            try {
                listener.onRateLimited(rate, nowNanos);
            } catch (Throwable thrown) {
                ListenerFailures.report(listener, "a refusal of a rate limiter", thrown);
            }
        }
    }

    /** Subscribes to this limiter's refusals (see {@link RateLimitListener}). */
    public void addListener(RateLimitListener listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
    }

    /** Unsubscribes a listener added with {@link #addListener}. */
    public void removeListener(RateLimitListener listener) {
        listeners.remove(listener);
    }

    @Override
    public EventType refusal() {
        return EventType.RATE_LIMITED;
    }

    @Override
    public void exit(Object permit, EventType event, long executionNanos, long nowNanos) {
        // A rate permit is spent on admission: nothing to give back.
    }

    /**
     * Applies a new configuration: the same counting parameters keep the running schedule (and what it
     * has granted); a change of kind, rate, burst or window starts a fresh one.
     */
    public void reconfigure(RateLimitConfig next) {
        Objects.requireNonNull(next, "config");
        lock.lock();
        try {
            if (next.kind() != config.kind() || next.permitsPerSecond() != config.permitsPerSecond()
                    || next.burst() != config.burst() || !next.window().equals(config.window())) {
                schedule = PermitSchedule.of(next);
            }
            config = next;
            published = next;
        } finally {
            lock.unlock();
        }
    }

    /** The configuration in force. */
    public RateLimitConfig config() {
        return published;
    }

    /** Attempts admitted since creation. */
    public long admitted() {
        return admitted.sum();
    }

    /** Attempts refused (RATE_LIMITED) since creation. */
    public long refused() {
        return refused.sum();
    }

    /** Callers waiting for their permit now. */
    public int waiting() {
        return (int) waitingNow.sum();
    }

    /**
     * How long from {@code nowNanos} (the registry's clock) until a permit is free, behind the callers
     * already waiting; reserves nothing. 0 when one is free now or the limiter is disabled.
     */
    public long nanosUntilPermit(long nowNanos) {
        if (!published.enabled()) {
            return 0;
        }
        lock.lock();
        try {
            return schedule.nanosUntilPermit(nowNanos);
        } finally {
            lock.unlock();
        }
    }

    @Override
    public String toString() {
        return "RateLimiter[" + published + "]";
    }
}
