package com.netflix.hystrix.metric;

import com.netflix.hystrix.ExecutionResult;
import com.netflix.hystrix.HystrixCommandKey;
import com.netflix.hystrix.HystrixCommandProperties.ExecutionIsolationStrategy;
import com.netflix.hystrix.HystrixThreadPoolKey;

/**
 * Where a thread writes the starts and ends of executions it ran itself, for code that reports
 * executions of its own: each write reaches the command key's stream and, for a run on a thread pool
 * (or a thread-pool rejection), the pool's. Bridged commands write their own.
 */
public final class HystrixThreadEventStream {

    private static final ThreadLocal<HystrixThreadEventStream> PER_THREAD = ThreadLocal.withInitial(HystrixThreadEventStream::new);

    private final long threadId = Thread.currentThread().threadId();

    private HystrixThreadEventStream() {
    }

    /** The current thread's stream. */
    public static HystrixThreadEventStream getInstance() {
        return PER_THREAD.get();
    }

    /** Forgets the current thread's stream (the next {@link #getInstance()} on it makes a new one). */
    public void shutdown() {
        PER_THREAD.remove();
    }

    /**
     * An execution of {@code commandKey} started, with {@code currentConcurrency} executions of the
     * key running now, this one included.
     *
     * @throws IllegalArgumentException if {@code currentConcurrency} is below 1
     */
    public void commandExecutionStarted(HystrixCommandKey commandKey, HystrixThreadPoolKey threadPoolKey,
            ExecutionIsolationStrategy isolationStrategy, int currentConcurrency) {
        HystrixCommandStartStream.getInstance(commandKey).write(new HystrixCommandExecutionStarted(commandKey, threadPoolKey,
                isolationStrategy == ExecutionIsolationStrategy.THREAD, currentConcurrency));
    }

    /** An execution of {@code commandKey} ended as {@code executionResult} says. */
    public void executionDone(ExecutionResult executionResult, HystrixCommandKey commandKey, HystrixThreadPoolKey threadPoolKey) {
        HystrixCommandCompletionStream.getInstance(commandKey)
                .write(HystrixCommandCompletion.from(executionResult, commandKey, threadPoolKey));
    }

    @Override
    public String toString() {
        return "HystrixThreadEventStream(thread " + threadId + ")";
    }
}
