package com.netflix.hystrix.metric;

import com.netflix.hystrix.HystrixCommandKey;
import com.netflix.hystrix.HystrixThreadPoolKey;

/**
 * A command whose run (or construct) starts now: its keys, whether it is THREAD-isolated, and how many
 * commands of its key run at this moment, itself included.
 */
public final class HystrixCommandExecutionStarted {

    private final HystrixCommandKey commandKey;
    private final HystrixThreadPoolKey threadPoolKey;
    private final boolean threadIsolated;
    private final int currentConcurrency;

    /**
     * A command that starts.
     *
     * @throws IllegalArgumentException if {@code currentConcurrency} is below 1 (the command runs)
     */
    public HystrixCommandExecutionStarted(HystrixCommandKey commandKey, HystrixThreadPoolKey threadPoolKey,
            boolean threadIsolated, int currentConcurrency) {
        if (currentConcurrency < 1) {
            throw new IllegalArgumentException("HystrixCommandExecutionStarted of " + commandKey.name()
                    + ": currentConcurrency=" + currentConcurrency + " must count the starting command (at least 1)");
        }
        this.commandKey = commandKey;
        this.threadPoolKey = threadPoolKey;
        this.threadIsolated = threadIsolated;
        this.currentConcurrency = currentConcurrency;
    }

    public HystrixCommandKey getCommandKey() {
        return commandKey;
    }

    public HystrixThreadPoolKey getThreadPoolKey() {
        return threadPoolKey;
    }

    /** Whether the command runs on its thread pool (THREAD isolation). */
    public boolean isExecutedInThread() {
        return threadIsolated;
    }

    /** How many commands of the key run now, this one included. */
    public int getCurrentConcurrency() {
        return currentConcurrency;
    }

    @Override
    public String toString() {
        return "HystrixCommandExecutionStarted[" + commandKey.name() + ", concurrency " + currentConcurrency + "]";
    }
}
