package com.netflix.hystrix;

import com.netflix.hystrix.metric.HystrixCommandCompletion;
import com.netflix.hystrix.metric.HystrixCommandCompletionStream;

/*
 * Writes a finished command to the completion streams that the metric consumers read. A command
 * calls it once, after its record is sealed and before its caller sees the outcome, saying whether
 * the caller gets an exception (not for a cancelled command: nobody waits for it). While no stream
 * is observed it costs one volatile read and builds nothing.
 */
final class CompletionPublisher {

    private static final HystrixEventType[] TYPES = HystrixEventType.values();

    private static final System.Logger LOG = System.getLogger(CompletionPublisher.class.getName());

    private CompletionPublisher() {
    }

    static void publish(AbstractCommand<?> command, boolean threwToCaller) {
        if (!HystrixCommandCompletionStream.isObserved()) {
            return;
        }
        long[] counts = new long[TYPES.length];
        if (command.isResponseFromCache()) {
            counts[HystrixEventType.RESPONSE_FROM_CACHE.ordinal()] = 1; // a hit did not run: it counts as a hit only
        } else {
            for (HystrixEventType event : command.getExecutionEvents()) {
                counts[event.ordinal()] = switch (event) {
                    case EMIT -> command.getNumberEmissions();
                    case FALLBACK_EMIT -> command.getNumberFallbackEmissions();
                    case COLLAPSED -> command.getNumberCollapsed();
                    default -> 1;
                };
            }
            if (threwToCaller) {
                counts[HystrixEventType.EXCEPTION_THROWN.ordinal()] = 1; // the caller got an exception
            }
        }
        try {
            HystrixCommandCompletionStream.getInstance(command.getCommandKey()).write(new HystrixCommandCompletion(
                    command.getCommandKey(), command.getThreadPoolKey(), counts, command.isExecutedInThread(),
                    command.getExecutionTimeInMilliseconds()));
        } catch (RuntimeException | LinkageError thrown) {
            // a subscriber that throws must not change the command's outcome, nor keep it from completing
            LOG.log(System.Logger.Level.WARNING, "A subscriber of the completion stream threw for command "
                    + command.getCommandKey().name() + "; the command's outcome is unchanged", thrown);
        }
    }
}
