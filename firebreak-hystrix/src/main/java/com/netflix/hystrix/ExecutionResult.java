package com.netflix.hystrix;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * What one execution of a command produced, as a value: its events with their counts, whether its run
 * went to a thread pool, its execution time and its exceptions. Immutable: each {@code set...} and
 * {@code addEvent} returns a new result. Build one to write a
 * {@link com.netflix.hystrix.metric.HystrixCommandCompletion} of your own; bridged commands report
 * their own executions.
 */
public class ExecutionResult {

    private static final HystrixEventType[] TYPES = HystrixEventType.values();

    /** No events, nothing ran (latency -1): what a command holds until it settles, shared as it is immutable. */
    public static final ExecutionResult EMPTY = from();

    private final EventCounts eventCounts;
    private final boolean executedInThread;
    private final boolean executionOccurred;
    private final int executionLatency;
    private final Exception exception;
    private final Exception executionException;

    private ExecutionResult(EventCounts eventCounts, boolean executedInThread, boolean executionOccurred,
            int executionLatency, Exception exception, Exception executionException) {
        this.eventCounts = eventCounts;
        this.executedInThread = executedInThread;
        this.executionOccurred = executionOccurred;
        this.executionLatency = executionLatency;
        this.exception = exception;
        this.executionException = executionException;
    }

    /** A result holding {@code eventTypes} once each (a type given twice counts twice); nothing ran yet (latency -1). */
    public static ExecutionResult from(HystrixEventType... eventTypes) {
        long[] counts = new long[TYPES.length];
        for (HystrixEventType type : eventTypes) {
            counts[type.ordinal()]++;
        }
        return new ExecutionResult(new EventCounts(counts), false, false, -1, null, null);
    }

    /** A finished execution's result in one step (the bridge's commands make one each). */
    static ExecutionResult of(EventCounts counts, boolean executedInThread, boolean executionOccurred, int executionLatency,
            Exception executionException) {
        return new ExecutionResult(counts, executedInThread, executionOccurred, executionLatency, null,
                executionException);
    }

    /** This result with one more {@code eventType}. */
    public ExecutionResult addEvent(HystrixEventType eventType) {
        return new ExecutionResult(eventCounts.plus(eventType), executedInThread, executionOccurred, executionLatency,
                exception, executionException);
    }

    /** This result with one more {@code eventType} and the execution time {@code executionLatency} (ms). */
    public ExecutionResult addEvent(int executionLatency, HystrixEventType eventType) {
        return addEvent(eventType).setExecutionLatency(executionLatency);
    }

    /** This result with its run on a thread pool. */
    public ExecutionResult setExecutedInThread() {
        return new ExecutionResult(eventCounts, true, executionOccurred, executionLatency, exception, executionException);
    }

    /** This result with its run on the caller's thread. */
    public ExecutionResult setNotExecutedInThread() {
        return new ExecutionResult(eventCounts, false, executionOccurred, executionLatency, exception, executionException);
    }

    /** This result with its run (or construct) having started. */
    public ExecutionResult setExecutionOccurred() {
        return new ExecutionResult(eventCounts, executedInThread, true, executionLatency, exception, executionException);
    }

    /** This result with the execution time {@code executionLatency} in milliseconds. */
    public ExecutionResult setExecutionLatency(int executionLatency) {
        return new ExecutionResult(eventCounts, executedInThread, executionOccurred, executionLatency, exception, executionException);
    }

    /** This result with {@code e} as the exception the caller received. */
    public ExecutionResult setException(Exception e) {
        return new ExecutionResult(eventCounts, executedInThread, executionOccurred, executionLatency, e, executionException);
    }

    /** This result with {@code e} as the exception the run (or construct) threw. */
    public ExecutionResult setExecutionException(Exception e) {
        return new ExecutionResult(eventCounts, executedInThread, executionOccurred, executionLatency, exception, e);
    }

    public EventCounts getEventCounts() {
        return eventCounts;
    }

    /** The execution time in milliseconds, -1 when none was set. */
    public int getExecutionLatency() {
        return executionLatency;
    }

    public Exception getException() {
        return exception;
    }

    public Exception getExecutionException() {
        return executionException;
    }

    public boolean isExecutedInThread() {
        return executedInThread;
    }

    public boolean executionOccurred() {
        return executionOccurred;
    }

    public boolean isResponseThreadPoolRejected() {
        return eventCounts.contains(HystrixEventType.THREAD_POOL_REJECTED);
    }

    public boolean isResponseSemaphoreRejected() {
        return eventCounts.contains(HystrixEventType.SEMAPHORE_REJECTED);
    }

    public boolean isResponseRejected() {
        return isResponseThreadPoolRejected() || isResponseSemaphoreRejected();
    }

    /** Each event that happened, once, in {@link HystrixEventType}'s order. */
    public List<HystrixEventType> getOrderedList() {
        List<HystrixEventType> events = new ArrayList<>();
        for (HystrixEventType type : TYPES) {
            if (eventCounts.contains(type)) {
                events.add(type);
            }
        }
        return Collections.unmodifiableList(events);
    }

    @Override
    public String toString() {
        return "ExecutionResult[" + eventCounts + (executedInThread ? ", in thread" : "") + ", latency "
                + executionLatency + " ms" + (exception != null ? ", " + exception : "") + "]";
    }

    /** How often each event happened in one execution. Immutable. */
    public static class EventCounts {
        private final long[] counts;

        EventCounts(long[] counts) {
            this.counts = counts;
        }

        EventCounts plus(HystrixEventType type) {
            long[] next = counts.clone();
            next[type.ordinal()]++;
            return new EventCounts(next);
        }

        public boolean contains(HystrixEventType eventType) {
            return counts[eventType.ordinal()] > 0;
        }

        public int getCount(HystrixEventType eventType) {
            return (int) Math.min(Integer.MAX_VALUE, counts[eventType.ordinal()]);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof EventCounts other && Arrays.equals(counts, other.counts);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(counts);
        }

        @Override
        public String toString() {
            StringBuilder s = new StringBuilder("EventCounts[");
            for (HystrixEventType type : TYPES) {
                long n = counts[type.ordinal()];
                if (n > 0) {
                    s.append(s.length() > 12 ? ", " : "").append(type).append(n > 1 ? "x" + n : "");
                }
            }
            return s.append(']').toString();
        }
    }
}
