package dev.firebreak.testkit;

import dev.firebreak.time.Cancellable;
import dev.firebreak.time.Scheduler;
import dev.firebreak.time.Ticker;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A {@link Ticker} and {@link Scheduler} that only move when told: {@link #advance(Duration)} moves
 * the reading forward and runs, on the calling thread and in deadline order, every task that became
 * due, including tasks those tasks schedule within the advanced span.
 *
 * <p>Start it anywhere, including near {@link Long#MAX_VALUE} or at negative readings, to flush out
 * comparisons that overflow: {@code new ManualClock(Long.MAX_VALUE - 1_000)}.
 *
 * <p>Its {@linkplain #wallTime() wall-clock time} moves with its reading too: {@link #WALL_ORIGIN} (or the
 * instant given) at the starting reading, plus the time advanced since, so a test can write an HTTP date
 * relative to "now" and never reads the system's clock.
 *
 * <p>Thread-safe: any thread may read, schedule and cancel; tasks always run outside the clock's
 * lock, so a task may schedule further tasks or read the clock.
 */
public final class ManualClock implements Ticker, Scheduler {

    /** The wall-clock time of a clock's starting reading unless told otherwise: 2026-01-01T00:00:00Z. */
    public static final Instant WALL_ORIGIN = Instant.parse("2026-01-01T00:00:00Z");

    private final ReentrantLock lock = new ReentrantLock();
    private final PriorityQueue<Task> queue = new PriorityQueue<>();
    private final ReentrantLock advancing = new ReentrantLock();
    private final long origin;
    private final Instant wallOrigin;
    private volatile long now;
    private long sequence;

    /** A clock starting at reading 0. */
    public ManualClock() {
        this(0L);
    }

    /** A clock starting at {@code originNanos}; any long value is valid. */
    public ManualClock(long originNanos) {
        this(originNanos, WALL_ORIGIN);
    }

    /** A clock starting at {@code originNanos}, whose wall-clock time is {@code wallOrigin} then. */
    public ManualClock(long originNanos, Instant wallOrigin) {
        this.now = originNanos;
        this.origin = originNanos;
        this.wallOrigin = java.util.Objects.requireNonNull(wallOrigin, "wallOrigin");
    }

    /** The wall-clock time: the starting instant plus the time advanced since (by subtraction, so wrap-safe). */
    @Override
    public Instant wallTime() {
        return wallOrigin.plusNanos(now - origin);
    }

    @Override
    public long read() {
        return now;
    }

    @Override
    public Cancellable schedule(long delayNanos, Runnable task) {
        lock.lock();
        try {
            Task scheduled = new Task(now + Math.max(0, delayNanos), Math.max(0, delayNanos), sequence++, task);
            queue.add(scheduled);
            return scheduled;
        } finally {
            lock.unlock();
        }
    }

    /** Moves time forward by {@code duration} and runs every task that became due. */
    public void advance(Duration duration) {
        advance(duration.toNanos());
    }

    /**
     * Moves time forward by {@code nanos} (not negative) and runs every task that became due, each
     * with the clock set to its own deadline, so a task sees the time it was scheduled for.
     */
    public void advance(long nanos) {
        if (nanos < 0) {
            throw new IllegalArgumentException("advance: nanos must be >= 0, was " + nanos);
        }
        advancing.lock(); // one advance at a time keeps time monotonic
        try {
            long target = now + nanos;
            while (true) {
                Task due;
                lock.lock();
                try {
                    due = queue.peek();
                    if (due == null || due.deadline - target > 0) {
                        now = target;
                        return;
                    }
                    queue.poll();
                    if (due.deadline - now > 0) {
                        now = due.deadline;
                    }
                } finally {
                    lock.unlock();
                }
                due.runIfNotCancelled();
            }
        } finally {
            advancing.unlock();
        }
    }

    /** Runs the tasks that are due now without moving time. */
    public void runDueTasks() {
        advance(0);
    }

    /** Number of scheduled tasks not yet run or cancelled. */
    public int pendingTasks() {
        lock.lock();
        try {
            return (int) queue.stream().filter(t -> !t.cancelled).count();
        } finally {
            lock.unlock();
        }
    }

    /** Delays, in nanoseconds from now, of the pending tasks, soonest first (for assertions). */
    public List<Long> pendingDelays() {
        lock.lock();
        try {
            List<Long> delays = new ArrayList<>();
            queue.stream().filter(t -> !t.cancelled).sorted().forEach(t -> delays.add(t.deadline - now));
            return delays;
        } finally {
            lock.unlock();
        }
    }

    private final class Task implements Cancellable, Comparable<Task> {
        final long deadline;
        final long delay;
        final long order;
        final Runnable body;
        volatile boolean cancelled;
        boolean started;

        Task(long deadline, long delay, long order, Runnable body) {
            this.deadline = deadline;
            this.delay = delay;
            this.order = order;
            this.body = body;
        }

        @Override
        public boolean cancel() {
            lock.lock();
            try {
                if (started || cancelled) {
                    return false;
                }
                cancelled = true;
                queue.remove(this);
                return true;
            } finally {
                lock.unlock();
            }
        }

        void runIfNotCancelled() {
            lock.lock();
            try {
                if (cancelled) {
                    return;
                }
                started = true;
            } finally {
                lock.unlock();
            }
            body.run();
        }

        @Override
        public int compareTo(Task other) {
            // Deadlines may wrap around Long.MAX_VALUE: compare by difference, not by value.
            long diff = deadline - other.deadline;
            if (diff != 0) {
                return diff < 0 ? -1 : 1;
            }
            return Long.compare(order, other.order);
        }
    }
}
