package com.netflix.hystrix;

import com.netflix.hystrix.HystrixCommandProperties.ExecutionIsolationStrategy;
import com.netflix.hystrix.strategy.HystrixPlugins;
import com.netflix.hystrix.strategy.concurrency.HystrixConcurrencyStrategy;
import com.netflix.hystrix.strategy.concurrency.HystrixConcurrencyStrategyDefault;
import com.netflix.hystrix.strategy.eventnotifier.HystrixEventNotifier;
import com.netflix.hystrix.strategy.eventnotifier.HystrixEventNotifierDefault;
import com.netflix.hystrix.strategy.executionhook.HystrixCommandExecutionHook;
import com.netflix.hystrix.strategy.executionhook.HystrixCommandExecutionHookDefault;
import com.netflix.hystrix.strategy.metrics.HystrixMetricsPublisherDefault;
import com.netflix.hystrix.strategy.metrics.HystrixMetricsPublisherFactory;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * The plugins a command took when it was made (as hystrix-core does): each field is null while its
 * plugin is the default, so a command made with no plugin registered checks three nulls and calls
 * nothing.
 */
final class CommandPlugins {

    private static final System.Logger LOG = System.getLogger(CommandPlugins.class.getName());
    private static final CommandPlugins NONE = new CommandPlugins(null, null, null);

    final HystrixCommandExecutionHook hook;
    final HystrixEventNotifier notifier;
    final HystrixConcurrencyStrategy strategy;

    private CommandPlugins(HystrixCommandExecutionHook hook, HystrixEventNotifier notifier, HystrixConcurrencyStrategy strategy) {
        this.hook = hook;
        this.notifier = notifier;
        this.strategy = strategy;
    }

    /** The plugins in force now. */
    static CommandPlugins current() {
        HystrixPlugins plugins = HystrixPlugins.getInstance();
        HystrixCommandExecutionHook hook = plugins.getCommandExecutionHook();
        HystrixEventNotifier notifier = plugins.getEventNotifier();
        HystrixConcurrencyStrategy strategy = plugins.getConcurrencyStrategy();
        boolean noHook = hook == HystrixCommandExecutionHookDefault.getInstance();
        boolean noNotifier = notifier == HystrixEventNotifierDefault.getInstance();
        boolean noStrategy = strategy == HystrixConcurrencyStrategyDefault.getInstance();
        return noHook && noNotifier && noStrategy ? NONE
                : new CommandPlugins(noHook ? null : hook, noNotifier ? null : notifier, noStrategy ? null : strategy);
    }

    /** {@code work} wrapped by the concurrency strategy, on the calling thread; unchanged without one. */
    <T> Callable<T> wrap(Callable<T> work) {
        return strategy == null ? work : strategy.wrapCallable(work);
    }

    /**
     * Asks a registered metrics publisher for the command's publishers, once per command key and once per
     * thread-pool key (the factory keeps them); nothing happens while the publisher is the default.
     */
    static void publish(AbstractCommand<?> command) {
        if (HystrixPlugins.getInstance().getMetricsPublisher() == HystrixMetricsPublisherDefault.getInstance()) {
            return;
        }
        HystrixCommandKey key = command.getCommandKey();
        HystrixMetricsPublisherFactory.createOrRetrievePublisherForCommand(key, command.getCommandGroup(), command.getMetrics(),
                HystrixCircuitBreaker.Factory.getInstance(key), command.getProperties());
        HystrixThreadPoolMetrics pool = HystrixThreadPoolMetrics.getInstance(command.getThreadPoolKey());
        if (pool != null) { // a pool exists once a THREAD-isolated command made it
            HystrixMetricsPublisherFactory.createOrRetrievePublisherForThreadPool(command.getThreadPoolKey(), pool, pool.getProperties());
        }
    }

    /** Tells the notifier of a finished command: each event, then the execution. A throwing notifier is logged. */
    void notifyFinished(AbstractCommand<?> command) {
        if (notifier == null) {
            return;
        }
        HystrixCommandKey key = command.getCommandKey();
        try {
            ExecutionIsolationStrategy isolation = command.getProperties().executionIsolationStrategy().get();
            List<HystrixEventType> events = command.getExecutionEvents();
            for (HystrixEventType event : events) {
                notifier.markEvent(event, key);
            }
            notifier.markCommandExecution(key, isolation, command.record.executionTimeMillis(), events);
        } catch (RuntimeException | LinkageError thrown) {
            LOG.log(System.Logger.Level.WARNING, "HystrixEventNotifier " + notifier.getClass().getName() + " threw for command "
                    + key.name() + "; the command's outcome is unchanged", thrown);
        }
    }
}
