package dev.firebreak.limit;

import java.util.Objects;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.IntConsumer;

/*
 * A guard's adaptive concurrency limit: feeds its LimitAlgorithm one sample per finished
 * attempt and hands each new limit to the enforcement (the isolation's bounded count, through
 * apply). The algorithm is arithmetic on sample times, so the limit moves on the registry's
 * clock only.
 *
 * Concurrency: samples arrive from many threads; one ReentrantLock serializes them, so the
 * algorithm sees one sample at a time and the enforcement receives limits in the order they were
 * computed (the critical section is arithmetic plus one compare-and-set on the enforcement's word; it
 * calls no user code and no listener). Once retire() retired (the guard switched algorithm or
 * back to its static limit), late samples change nothing.
 */
/**
 * Not an API (public for the guard's isolation only): a guard's adaptive concurrency limit, which takes
 * one sample per finished attempt and moves the limit its isolation enforces, on the registry's clock.
 * Users choose and tune it through {@link LimitConfig} and read it through
 * {@code guard.controls().isolator()}.
 */
public final class AdaptiveLimit {

    private final ReentrantLock lock = new ReentrantLock();
    private final LimitConfig config;
    private final IntConsumer apply;
    private final LimitListener changes;
    private final LimitAlgorithm algorithm; // guarded by lock
    private volatile int limit;
    private boolean retired; // guarded by lock

    /**
     * A limit driven by {@code config}'s algorithm (not NONE), starting at {@code startLimit} (clamped to
     * its bounds), which it applies at once.
     */
    public AdaptiveLimit(LimitConfig config, int startLimit, IntConsumer apply) {
        this(config, startLimit, apply, (from, to, atNanos) -> { });
    }

    /** As {@link #AdaptiveLimit(LimitConfig, int, IntConsumer)}, telling {@code changes} of each change after the lock. */
    public AdaptiveLimit(LimitConfig config, int startLimit, IntConsumer apply, LimitListener changes) {
        this.config = Objects.requireNonNull(config, "config");
        this.changes = Objects.requireNonNull(changes, "changes");
        if (!config.adaptive()) {
            throw new IllegalArgumentException("an adaptive limit needs an algorithm, not limit.algorithm = NONE");
        }
        this.apply = Objects.requireNonNull(apply, "apply");
        this.algorithm = config.algorithm().create(config, startLimit);
        lock.lock();
        try {
            this.limit = algorithm.limit();
            apply.accept(limit);
        } finally {
            lock.unlock();
        }
    }

    /**
     * One finished attempt. Samples whose work did not run ({@code rttNanos <= 0}) are ignored.
     *
     * @return the limit now
     */
    public int onSample(long startNanos, long rttNanos, int inFlight, boolean dropped) {
        if (rttNanos <= 0) {
            return limit;
        }
        int from;
        int next;
        lock.lock();
        try {
            if (retired) {
                return limit;
            }
            from = limit;
            next = algorithm.onSample(startNanos, rttNanos, inFlight, dropped);
            if (next != from) {
                limit = next;
                apply.accept(next);
            }
        } finally {
            lock.unlock();
        }
        if (next != from) {
            changes.onLimitChanged(from, next, startNanos + rttNanos); // outside the lock: no listener under it
        }
        return next;
    }

    /** Stops this limit: later samples change nothing (the guard has moved to another configuration). */
    public void retire() {
        lock.lock();
        try {
            retired = true;
        } finally {
            lock.unlock();
        }
    }

    /** The limit in force. */
    public int limit() {
        return limit;
    }

    /** The algorithm's kind. */
    public LimitKind kind() {
        return config.algorithm();
    }

    /** The configuration it runs with. */
    public LimitConfig config() {
        return config;
    }

    @Override
    public String toString() {
        return "AdaptiveLimit[" + config.algorithm() + ", limit=" + limit + "]";
    }
}
