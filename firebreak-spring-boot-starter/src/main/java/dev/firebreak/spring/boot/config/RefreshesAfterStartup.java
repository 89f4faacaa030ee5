package dev.firebreak.spring.boot.config;

import java.util.Objects;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import dev.firebreak.time.Scheduler;

/**
 * The executor of the live configuration's poll refreshes while the application starts: it holds each
 * refresh handed to it until {@link #release()} (the application started), then hands it, and every later
 * one at once, to the executor it wraps. So no poll reads the Environment, and no thread is started
 * for one, while the context is still being built; a change made meanwhile is not lost, since a refresh
 * reads the whole Environment again and the held one runs after the release. The release itself only
 * schedules the held tasks on the registry's scheduler, so the thread that releases (the one building
 * the context) starts no refresh thread either.
 *
 * <p>Invariant: each task given to {@link #execute} reaches the wrapped executor exactly once, either
 * directly (the release already seen) or through the queue, whose {@code poll()} hands a task to one
 * drainer only. A task queued while the release happens is not stranded: {@link #execute} writes the
 * queue then reads {@code released}, {@link #release()} writes {@code released} then reads the queue
 * (both volatile or concurrent), so at least one of them drains it (the release through the scheduler).
 */
final class RefreshesAfterStartup implements Executor {

    private final Executor executor;
    private final Scheduler scheduler;
    private final ConcurrentLinkedQueue<Runnable> held = new ConcurrentLinkedQueue<>();
    private volatile boolean released;

    /** Holds tasks for {@code executor} until {@link #release()}, which hands them on from {@code scheduler}. */
    RefreshesAfterStartup(Executor executor, Scheduler scheduler) {
        this.executor = Objects.requireNonNull(executor, "executor");
        this.scheduler = Objects.requireNonNull(scheduler, "scheduler");
    }

    @Override
    public void execute(Runnable task) {
        Objects.requireNonNull(task, "task");
        if (released) {
            executor.execute(task);
            return;
        }
        held.add(task);
        if (released) {
            drain();
        }
    }

    /**
     * From now on every task is handed on at once; the held ones are handed on by a task scheduled now
     * on the scheduler (not on the calling thread). Calling it again does nothing more.
     */
    void release() {
        released = true;
        if (!held.isEmpty()) {
            try {
                scheduler.schedule(0L, this::drain);
            } catch (RuntimeException closed) {
                // the registry is closed: its configuration's polling has stopped, nothing is left to run
            }
        }
    }

    /** Whether tasks are held (before {@link #release()}). */
    boolean isHolding() {
        return !released;
    }

    private void drain() {
        for (Runnable task = held.poll(); task != null; task = held.poll()) {
            executor.execute(task);
        }
    }
}
