package com.netflix.hystrix;

import com.netflix.hystrix.exception.HystrixRuntimeException;
import com.netflix.hystrix.exception.HystrixRuntimeException.FailureType;
import com.netflix.hystrix.strategy.properties.HystrixProperty;
import dev.firebreak.CachedGuard;
import dev.firebreak.Guard;
import dev.firebreak.GuardException;
import dev.firebreak.Isolation;
import dev.firebreak.breaker.BreakerMode;
import dev.firebreak.breaker.CircuitState;
import dev.firebreak.hystrix.HystrixBridge;
import dev.firebreak.isolation.IsolationStrategy;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import rx.Observable;
import rx.Subscription;
import rx.subjects.ReplaySubject;

/**
 * What {@link HystrixCommand} and {@link HystrixObservableCommand} share: the keys, the Firebreak guard
 * of the command key (made by the first instance, from its Setter), one execution per instance, the
 * request cache and request log, and the execution-state accessors.
 *
 * <p>An instance runs once: {@link #start} claims it with one compare-and-set. The outcome is decided by
 * the guard; the instance's {@link ExecutionRecord} is sealed before the caller's future completes, so
 * every accessor reads the final state once {@code execute()} returns or the future completes.
 */
abstract class AbstractCommand<R> implements HystrixInvokableInfo<R>, HystrixObservable<R> {

    private final HystrixCommandGroupKey groupKey;
    /** This command's key (1.5.18's field, which its tests read). */
    protected final HystrixCommandKey commandKey;
    private final HystrixThreadPoolKey threadPoolKey;
    final Guard guard;
    /** The request log this command is added to when it starts, or null (no context, or logging off). */
    final HystrixRequestLog currentRequestLog;
    final ExecutionRecord record = new ExecutionRecord();
    /** The plugins in force when this command was made. */
    final CommandPlugins plugins;
    /** The metrics of this command's key, read live from its guard (1.5.18's field, which its tests read). */
    final HystrixCommandMetrics metrics;
    /** The breaker of this command's key, a view over its guard's (1.5.18's field, which its tests read). */
    final HystrixCircuitBreaker circuitBreaker;
    /** What this instance's execution produced, set when it ends (1.5.18's field, which its tests read). */
    protected volatile ExecutionResult executionResult = ExecutionResult.EMPTY;
    /** The parts this instance was given in place of its key's own (a breaker, semaphores, a hook), or null. */
    final InjectedParts injected;
    private final AtomicBoolean started = new AtomicBoolean();
    private volatile HystrixCollapserKey collapserKey;
    private volatile int numberCollapsed;

    /**
     * A command that may be handed parts of its own ({@code injected}, null for none): the guard of a key
     * whose first command came through this way takes the injected parts' admissions (see
     * {@link InjectedParts}); keys whose commands never do pay nothing for them.
     */
    AbstractCommand(HystrixCommandGroupKey group, HystrixCommandKey key, HystrixThreadPoolKey pool,
            HystrixCommandProperties.Setter commandDefaults, HystrixThreadPoolProperties.Setter poolDefaults,
            IsolationStrategy defaultIsolation, InjectedParts injected) {
        if (group == null) {
            throw new IllegalStateException("HystrixCommandGroupKey cannot be null");
        }
        this.groupKey = group;
        this.commandKey = key != null ? key : HystrixCommandKey.Factory.asKey(defaultName(getClass()));
        this.threadPoolKey = pool != null ? pool : HystrixThreadPoolKey.Factory.asKey(group.name());
        this.plugins = CommandPlugins.current();
        InjectedParts parts = defaultIsolation == IsolationStrategy.THREAD
                ? StrategyPools.withStrategyPool(injected, plugins.strategy, threadPoolKey, poolDefaults) : injected;
        this.guard = HystrixBridge.guard(commandKey.name(), registry -> {
            // Once per command key: a registered properties strategy adds what it changes to the Setters.
            HystrixThreadPoolProperties.Setter poolValues = defaultIsolation == IsolationStrategy.THREAD
                    ? StrategyProperties.poolDefaults(threadPoolKey, poolDefaults) : poolDefaults;
            HystrixCommandProperties.Setter commandValues = StrategyProperties.commandDefaults(commandKey, commandDefaults);
            Guard.Builder builder = registry.guard(commandKey.name()).group(groupKey.name()).pool(threadPoolKey.name());
            if (poolValues != null) {
                builder.isolation(Isolation.threadPool(poolValues.build()));
            }
            builder.configure(c -> {
                if (defaultIsolation != IsolationStrategy.THREAD) {
                    c.isolation(iso -> iso.strategy(defaultIsolation));
                }
                if (commandValues != null) {
                    commandValues.applyTo(c);
                }
            });
            return parts != null ? InjectedParts.build(builder, commandKey.name()) : builder.build();
        });
        this.injected = parts;
        this.metrics = parts != null && parts.metrics != null ? parts.metrics : HystrixCommandMetrics.of(guard, commandKey, groupKey, threadPoolKey);
        this.circuitBreaker = parts != null && parts.breaker != null ? parts.breaker : new HystrixCircuitBreaker.GuardBreaker(guard);
        CommandPlugins.publish(this);
        this.currentRequestLog = guard.controls().config().request().logEnabled()
                ? HystrixRequestLog.getCurrentRequest(plugins.strategy) : null;
    }

    private static String defaultName(Class<?> type) {
        String simple = type.getSimpleName();
        return simple.isEmpty() ? type.getName() : simple;
    }

    // ---------------------------------------------------------------- execution

    /**
     * Runs this instance once through its guard: {@code plain} or, with a cache key inside a request
     * context, {@code cached} starts the call (see {@link CommandStart}). The returned future completes
     * after the record is sealed, with the value or the exception Hystrix would give; cancelling it
     * cancels the call.
     */
    final <V> CompletableFuture<V> start(ExecutionHooks<R> hooks, Function<Guard, CompletableFuture<V>> plain,
            Function<CachedGuard, CompletableFuture<V>> cached) {
        if (!started.compareAndSet(false, true)) {
            throw new HystrixRuntimeException(FailureType.BAD_REQUEST_EXCEPTION, getClass(),
                    commandKey.name() + " command executed multiple times - this is not permitted.",
                    new IllegalStateException("This instance can only be executed once. Please instantiate a new instance."), null);
        }
        return CommandStart.start(this, hooks, plain, cached);
    }

    /** A new hook caller for one execution, or null when no hook is registered nor given to this instance. */
    final ExecutionHooks<R> newHooks() {
        if (injected != null && injected.hook != null) {
            return new ExecutionHooks<>(injected.hook, this);
        }
        return plugins.hook == null ? null : new ExecutionHooks<>(plugins.hook, this);
    }

    /** What bounds concurrent executions under SEMAPHORE isolation: the given semaphore, else the guard's permits. */
    protected TryableSemaphore getExecutionSemaphore() {
        if (guard.controls().isolationStrategy() != IsolationStrategy.SEMAPHORE) {
            return TryableSemaphoreNoOp.DEFAULT;
        }
        return injected != null && injected.executionSemaphore != null ? injected.executionSemaphore
                : new GuardPermits(guard, false);
    }

    /** The semaphore that bounds this command's concurrent fallbacks: the one it was given, else a view of its guard's. */
    protected TryableSemaphore getFallbackSemaphore() {
        return injected != null && injected.fallbackSemaphore != null ? injected.fallbackSemaphore
                : new GuardPermits(guard, true);
    }

    /** The breaker this command consults: the one it was given, else its key's. */
    HystrixCircuitBreaker getCircuitBreaker() {
        return circuitBreaker;
    }

    /** The events of this execution with their counts (empty until it ends). */
    public ExecutionResult.EventCounts getEventCounts() {
        return executionResult.getEventCounts();
    }

    /** Called by the guard's fallback with what happened. */
    final void fallbackStarting(GuardException failure) {
        record.fallbackStarted(CommandFailures.causeOf(failure), failure);
    }

    @Override
    public Observable<R> observe() {
        ReplaySubject<R> subject = ReplaySubject.create();
        Subscription execution = toObservable().subscribe(subject);
        return subject.doOnUnsubscribe(execution::unsubscribe); // as 1.5.18: leaving before the end cancels
    }

    /** Marks this command as the batch of a collapser, before it runs. */
    final void markCollapsed(HystrixCollapserKey key, int size) {
        this.collapserKey = key;
        this.numberCollapsed = size;
    }

    /** The request-cache key, or null for no caching (the default). */
    protected String getCacheKey() {
        return null;
    }

    // ---------------------------------------------------------------- HystrixInvokableInfo

    @Override
    public HystrixCommandGroupKey getCommandGroup() {
        return groupKey;
    }

    @Override
    public HystrixCommandKey getCommandKey() {
        return commandKey;
    }

    @Override
    public HystrixThreadPoolKey getThreadPoolKey() {
        return threadPoolKey;
    }

    @Override
    public String getPublicCacheKey() {
        return getCacheKey();
    }

    @Override
    public HystrixCollapserKey getOriginatingCollapserKey() {
        return collapserKey;
    }

    @Override
    public HystrixCommandMetrics getMetrics() {
        return metrics;
    }

    @Override
    public HystrixCommandProperties getProperties() {
        return new HystrixCommandProperties(guard.controls()::config);
    }

    @Override
    public boolean isCircuitBreakerOpen() {
        return injected != null ? InjectedParts.isOpen(this) : guard.controls().circuitBreaker().state() == CircuitState.OPEN
                && guard.controls().circuitBreaker().mode() != BreakerMode.METRICS_ONLY; // it short-circuits nothing
    }

    @Override
    public boolean isExecutionComplete() {
        return record.sealed() && !record.has(HystrixEventType.CANCELLED); // as 1.5.18: an unsubscribed one is not
    }

    @Override
    public boolean isExecutedInThread() {
        return record.executedInThread();
    }

    @Override
    public boolean isSuccessfulExecution() {
        return record.has(HystrixEventType.SUCCESS);
    }

    @Override
    public boolean isFailedExecution() {
        return record.has(HystrixEventType.FAILURE);
    }

    @Override
    public Throwable getFailedExecutionException() {
        return record.failedExecutionException();
    }

    @Override
    public boolean isResponseFromFallback() {
        return record.has(HystrixEventType.FALLBACK_SUCCESS);
    }

    @Override
    public boolean isResponseTimedOut() {
        return record.has(HystrixEventType.TIMEOUT);
    }

    @Override
    public boolean isResponseShortCircuited() {
        return record.has(HystrixEventType.SHORT_CIRCUITED);
    }

    @Override
    public boolean isResponseFromCache() {
        return record.has(HystrixEventType.RESPONSE_FROM_CACHE);
    }

    @Override
    public boolean isResponseRejected() {
        return isResponseThreadPoolRejected() || isResponseSemaphoreRejected();
    }

    @Override
    public boolean isResponseSemaphoreRejected() {
        return record.has(HystrixEventType.SEMAPHORE_REJECTED);
    }

    @Override
    public boolean isResponseThreadPoolRejected() {
        return record.has(HystrixEventType.THREAD_POOL_REJECTED);
    }

    @Override
    public List<HystrixEventType> getExecutionEvents() {
        List<HystrixEventType> events = record.events();
        if (collapserKey == null || events.isEmpty()) {
            return events;
        }
        EnumSet<HystrixEventType> withCollapsed = EnumSet.copyOf(events);
        withCollapsed.add(HystrixEventType.COLLAPSED);
        return List.copyOf(withCollapsed);
    }

    @Override
    public int getNumberEmissions() {
        return record.emissions();
    }

    @Override
    public int getNumberFallbackEmissions() {
        return record.fallbackEmissions();
    }

    @Override
    public int getNumberCollapsed() {
        return numberCollapsed;
    }

    @Override
    public int getExecutionTimeInMilliseconds() {
        return record.executionTimeMillis();
    }

    @Override
    public long getCommandRunStartTimeInNanos() {
        return record.runStartNanos();
    }

    @Override
    public Throwable getExecutionException() {
        return record.executionException();
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[" + commandKey.name() + ", " + getExecutionEvents() + "]";
    }

    // ---------------------------------------------------------------- semaphores

    /** A non-blocking semaphore: {@link #tryAcquire()} takes a permit if one is free; each taken permit is released once. */
    interface TryableSemaphore {

        /** Takes a permit if one is free; true if taken. */
        boolean tryAcquire();

        /** Gives back a permit that {@link #tryAcquire()} took. */
        void release();

        /** How many permits are taken now. */
        int getNumberOfPermitsUsed();
    }

    /** A counting {@link TryableSemaphore} whose number of permits is read from a property at each try. */
    static class TryableSemaphoreActual implements TryableSemaphore {
        /** The number of permits, read at each {@link #tryAcquire()}. */
        protected final HystrixProperty<Integer> numberOfPermits;
        private final AtomicInteger used = new AtomicInteger();

        /** A semaphore of {@code numberOfPermits} permits. */
        public TryableSemaphoreActual(HystrixProperty<Integer> numberOfPermits) {
            this.numberOfPermits = numberOfPermits;
        }

        @Override
        public boolean tryAcquire() {
            int limit = numberOfPermits.get();
            while (true) {
                int now = used.get();
                if (now >= limit) {
                    return false;
                }
                if (used.compareAndSet(now, now + 1)) {
                    return true;
                }
            }
        }

        @Override
        public void release() {
            used.decrementAndGet();
        }

        @Override
        public int getNumberOfPermitsUsed() {
            return used.get();
        }
    }

    /** A {@link TryableSemaphore} that always gives a permit and counts none. */
    static class TryableSemaphoreNoOp implements TryableSemaphore {
        /** The one instance. */
        public static final TryableSemaphore DEFAULT = new TryableSemaphoreNoOp();

        @Override
        public boolean tryAcquire() {
            return true;
        }

        @Override
        public void release() {
        }

        @Override
        public int getNumberOfPermitsUsed() {
            return 0;
        }
    }
}
