package com.netflix.hystrix.strategy.eventnotifier;

import com.netflix.hystrix.HystrixCommandKey;
import com.netflix.hystrix.HystrixCommandProperties.ExecutionIsolationStrategy;
import com.netflix.hystrix.HystrixEventType;
import java.util.List;

/**
 * Told of every command's events, for a metrics system of your own. Register one with
 * {@code HystrixPlugins.getInstance().registerEventNotifier(...)}.
 *
 * <p>When a command's outcome is known (before its caller sees it), the bridge calls
 * {@link #markEvent} once for each event of the outcome, in Hystrix's event order, then
 * {@link #markCommandExecution} once. The calls run on the thread that completes the command: keep them
 * fast, and never block. An exception thrown by a notifier is logged and ignored.
 */
public abstract class HystrixEventNotifier {

    /** One event of a command; does nothing unless overridden. */
    public void markEvent(HystrixEventType eventType, HystrixCommandKey key) {
    }

    /**
     * A command finished: its isolation, the time its run took in ms (-1 if it never ran) and all its
     * events. Does nothing unless overridden.
     */
    public void markCommandExecution(HystrixCommandKey key, ExecutionIsolationStrategy isolationStrategy, int duration,
            List<HystrixEventType> eventsDuringExecution) {
    }
}
