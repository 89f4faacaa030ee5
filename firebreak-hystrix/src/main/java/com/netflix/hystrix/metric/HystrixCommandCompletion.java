package com.netflix.hystrix.metric;

import com.netflix.hystrix.ExecutionResult;
import com.netflix.hystrix.HystrixCommandKey;
import com.netflix.hystrix.HystrixEventType;
import com.netflix.hystrix.HystrixThreadPoolKey;

/**
 * One finished command: its keys, how often each event happened (a cache hit counts only
 * RESPONSE_FROM_CACHE; EMIT, FALLBACK_EMIT and COLLAPSED count values and requests), whether its run
 * went to a thread pool, and its execution time.
 */
public final class HystrixCommandCompletion {

    private final HystrixCommandKey commandKey;
    private final HystrixThreadPoolKey threadPoolKey;
    private final long[] eventCounts;
    private final boolean executedInThread;
    private final int executionLatency;

    /**
     * A finished command.
     *
     * @param eventCounts one count per {@link HystrixEventType}, by ordinal (copied)
     * @throws IllegalArgumentException if {@code eventCounts} does not have one entry per event type
     */
    public HystrixCommandCompletion(HystrixCommandKey commandKey, HystrixThreadPoolKey threadPoolKey, long[] eventCounts,
            boolean executedInThread, int executionLatency) {
        if (eventCounts.length != HystrixEventType.values().length) {
            throw new IllegalArgumentException("HystrixCommandCompletion of " + commandKey.name() + ": eventCounts has "
                    + eventCounts.length + " entries, one per HystrixEventType (" + HystrixEventType.values().length + ") is needed");
        }
        this.commandKey = commandKey;
        this.threadPoolKey = threadPoolKey;
        this.eventCounts = eventCounts.clone();
        this.executedInThread = executedInThread;
        this.executionLatency = executionLatency;
    }

    /** The completion of an execution described by {@code result}, of {@code commandKey} on {@code threadPoolKey}. */
    public static HystrixCommandCompletion from(ExecutionResult result, HystrixCommandKey commandKey, HystrixThreadPoolKey threadPoolKey) {
        HystrixEventType[] types = HystrixEventType.values();
        long[] counts = new long[types.length];
        for (HystrixEventType type : types) {
            counts[type.ordinal()] = result.getEventCounts().getCount(type);
        }
        return new HystrixCommandCompletion(commandKey, threadPoolKey, counts, result.isExecutedInThread(),
                result.getExecutionLatency());
    }

    public HystrixCommandKey getCommandKey() {
        return commandKey;
    }

    public HystrixThreadPoolKey getThreadPoolKey() {
        return threadPoolKey;
    }

    /** How often {@code eventType} happened in this execution. */
    public long getEventCount(HystrixEventType eventType) {
        return eventCounts[eventType.ordinal()];
    }

    /** Whether the run (or construct) went to a thread pool. */
    public boolean isExecutedInThread() {
        return executedInThread;
    }

    /** The execution time in milliseconds, -1 when nothing ran. */
    public int getExecutionLatency() {
        return executionLatency;
    }

    @Override
    public String toString() {
        StringBuilder events = new StringBuilder();
        for (HystrixEventType type : HystrixEventType.values()) {
            long n = eventCounts[type.ordinal()];
            if (n > 0) {
                events.append(events.isEmpty() ? "" : ", ").append(type).append(n > 1 ? "x" + n : "");
            }
        }
        return "HystrixCommandCompletion[" + commandKey.name() + ": " + events + "]";
    }
}
