package com.netflix.hystrix;

import dev.firebreak.GuardException;
import dev.firebreak.hystrix.HystrixBridge;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * What happened to one command instance: written by the threads that run its work and fallback, and
 * sealed once by {@link #seal} when the outcome is known, before the caller sees the outcome.
 *
 * <p>Invariant: {@link #events()} is empty until sealed and never changes after; every other field is
 * written before the seal and read after it (volatile writes and the future's completion order them).
 */
final class ExecutionRecord {

    private static final int EVENT_TYPES = HystrixEventType.values().length;

    private volatile long startNanos = -1;
    private volatile long runStartNanos = -1;
    private volatile long runEndNanos = -1;
    private volatile boolean runReturned;
    private volatile boolean fallbackRan;
    private volatile boolean fallbackReturned;
    private volatile GuardException fallbackCause;
    private volatile Throwable failedExecutionException;
    private volatile Throwable executionException;
    private volatile int emissions;
    private volatile int fallbackEmissions;
    private volatile boolean executedInThread;
    private volatile Thread callerThread;
    private volatile List<HystrixEventType> events = List.of();
    /** The sealed events (null until sealed), written before {@code events} and {@code sealed}. */
    private SettledEvents settled;
    private volatile boolean sealed;

    /**
     * Completed once the caller holds the command's future with its end hooked (queue() returned, or an
     * Observable's subscriber listens): a run on another thread waits for it before it returns, so that
     * the command settles and delivers on that thread, as 1.5.18 delivered on its pool's thread.
     */
    private final CompletableFuture<Void> settlementHooked = new CompletableFuture<>();

    void settlementHooked() {
        settlementHooked.complete(null);
    }

    /** On a run's thread, before it returns: waits for {@link #settlementHooked()} unless this is the caller's thread. */
    void awaitSettlementHooked() {
        if (Thread.currentThread() != callerThread) {
            settlementHooked.join();
        }
    }

    void started() {
        startNanos = HystrixBridge.nanoTime();
        callerThread = Thread.currentThread();
    }

    void runStarted() {
        runStartNanos = HystrixBridge.nanoTime();
        executedInThread = Thread.currentThread() != callerThread;
    }

    /** The run emitted its {@code emitted}-th value (an observable command's, as they come). */
    void runEmitted(int emitted) {
        emissions = emitted;
    }

    void runReturned(int emitted) {
        runEndNanos = HystrixBridge.nanoTime();
        emissions = emitted;
        runReturned = true;
    }

    /**
     * run() threw. A throw after the fallback started (an interrupt that followed a timeout) or after
     * the seal (an interrupt that followed a cancel) does not replace the exception of the outcome.
     */
    synchronized void runThrew(Throwable thrown) {
        runEndNanos = HystrixBridge.nanoTime();
        if (!fallbackRan && !sealed) {
            failedExecutionException = thrown;
            executionException = thrown;
        }
    }

    /** The fallback starts because of {@code failure}; {@code cause} is what Hystrix reports for it. */
    synchronized void fallbackStarted(Throwable cause, GuardException failure) {
        fallbackCause = failure;
        fallbackRan = true;
        executionException = cause;
    }

    void fallbackReturned(int emitted) {
        fallbackEmissions = emitted;
        fallbackReturned = true;
    }

    /** The exception the failed outcome was decided on. */
    synchronized void executionException(Throwable thrown) {
        executionException = thrown;
    }

    /** Fixes the events; later calls change nothing. */
    synchronized void seal(Set<HystrixEventType> outcome) {
        if (sealed) {
            return;
        }
        long bits = 0;
        for (HystrixEventType event : outcome) {
            bits |= SettledEvents.bit(event);
        }
        long success = SettledEvents.bit(HystrixEventType.SUCCESS) | SettledEvents.bit(HystrixEventType.FAILURE);
        if (emissions > 0 && (bits & success) != 0) {
            // as 1.5.18: values emitted before a failure count too
            bits |= SettledEvents.bit(HystrixEventType.EMIT);
        }
        if (fallbackEmissions > 0 && (bits & SettledEvents.bit(HystrixEventType.FALLBACK_SUCCESS)) != 0) {
            bits |= SettledEvents.bit(HystrixEventType.FALLBACK_EMIT);
        }
        settled = SettledEvents.of(bits);
        events = settled.list;
        sealed = true;
    }

    boolean sealed() {
        return sealed;
    }

    boolean runStartedOrFellBack() {
        return runStartNanos >= 0 || fallbackRan;
    }

    boolean runReturned() {
        return runReturned;
    }

    boolean fallbackRan() {
        return fallbackRan;
    }

    boolean fallbackReturned() {
        return fallbackReturned;
    }

    /** The events of an outcome the fallback gave: the failure that led to it and FALLBACK_SUCCESS. */
    Set<HystrixEventType> fallbackEvents() {
        return CommandFailures.fallbackEvents(fallbackCause);
    }

    List<HystrixEventType> events() {
        return events;
    }

    /**
     * Whether {@code type} happened: once sealed, one of the events; while the fallback runs, the
     * execution event that led to it (as 1.5.18, whose fallback can ask {@code isResponseTimedOut()}).
     */
    boolean has(HystrixEventType type) {
        if (sealed) {
            return events.contains(type);
        }
        GuardException cause = fallbackCause;
        return cause != null && cause.event() != null && HystrixEventType.from(cause.event()) == type;
    }

    /** The values the run emitted, counted only when they reached the caller (EMIT). */
    int emissions() {
        return has(HystrixEventType.EMIT) ? emissions : 0;
    }

    /** The values the fallback emitted, counted only when they reached the caller (FALLBACK_EMIT). */
    int fallbackEmissions() {
        return has(HystrixEventType.FALLBACK_EMIT) ? fallbackEmissions : 0;
    }

    /** A cache hit's emissions and exceptions are those of the execution it shares; set before it is sealed. */
    synchronized void shareFrom(ExecutionRecord owner) {
        emissions = owner.emissions;
        fallbackEmissions = owner.fallbackEmissions;
        if (executionException == null) {
            executionException = owner.executionException;
        }
        if (failedExecutionException == null) {
            failedExecutionException = owner.failedExecutionException;
        }
    }

    boolean executedInThread() {
        return executedInThread && runStartNanos >= 0;
    }

    Throwable failedExecutionException() {
        return failedExecutionException;
    }

    Throwable executionException() {
        return executionException;
    }

    long runStartNanos() {
        return runStartNanos;
    }

    /** The execution's duration in ms; a run still going (timed out) counts until now; -1 if it never ran. */
    int executionTimeMillis() {
        if (runStartNanos < 0) {
            return -1;
        }
        long start = startNanos; // as 1.5.18: from the start of the execution, a wait for a pool thread included
        long end = runEndNanos;
        long until = end >= 0 ? end : HystrixBridge.nanoTime();
        return (int) Math.max(0, (until - start) / 1_000_000L);
    }

    /** This record as an {@link ExecutionResult} value: its events with their counts, thread, time and exceptions. */
    ExecutionResult toResult() {
        List<HystrixEventType> all = events;
        SettledEvents shared = settled;
        ExecutionResult.EventCounts counts;
        if (shared != null && shared.list == all && (emissions <= 1 || !all.contains(HystrixEventType.EMIT))
                && (fallbackEmissions <= 1 || !all.contains(HystrixEventType.FALLBACK_EMIT))) {
            counts = shared.onceEach;
        } else {
            long[] each = new long[EVENT_TYPES];
            for (HystrixEventType event : all) {
                each[event.ordinal()] = switch (event) {
                    case EMIT -> emissions;
                    case FALLBACK_EMIT -> fallbackEmissions;
                    default -> 1;
                };
            }
            counts = new ExecutionResult.EventCounts(each);
        }
        return ExecutionResult.of(counts, executedInThread(), runStartNanos >= 0, executionTimeMillis(),
                executionException instanceof Exception e ? e : null);
    }

    long startNanos() {
        return startNanos;
    }
}
