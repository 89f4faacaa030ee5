package com.netflix.hystrix;

import com.netflix.hystrix.HystrixCommandProperties.ExecutionIsolationStrategy;
import com.netflix.hystrix.metric.HystrixCommandExecutionStarted;
import com.netflix.hystrix.metric.HystrixCommandStartStream;

/*
 * Writes a command whose run (or construct) starts to the start streams that the concurrency
 * consumers read, on the thread that runs it, inside the guard (so the guard counts it as running).
 * While no start stream is observed it costs one volatile read and builds nothing.
 */
final class StartPublisher {

    private static final System.Logger LOG = System.getLogger(StartPublisher.class.getName());

    private StartPublisher() {
    }

    static void publish(AbstractCommand<?> command) {
        if (!HystrixCommandStartStream.isObserved()) {
            return;
        }
        int concurrency = Math.max(1, command.getMetrics().getCurrentConcurrentExecutionCount());
        boolean threadIsolated = command.getProperties().executionIsolationStrategy().get() == ExecutionIsolationStrategy.THREAD;
        try {
            HystrixCommandStartStream.getInstance(command.getCommandKey()).write(new HystrixCommandExecutionStarted(
                    command.getCommandKey(), command.getThreadPoolKey(), threadIsolated, concurrency));
        } catch (RuntimeException | LinkageError thrown) {
            // a subscriber that throws must not change the command's outcome, nor keep it from completing
            LOG.log(System.Logger.Level.WARNING, "A subscriber of the start stream threw for command "
                    + command.getCommandKey().name() + "; the command's outcome is unchanged", thrown);
        }
    }
}
