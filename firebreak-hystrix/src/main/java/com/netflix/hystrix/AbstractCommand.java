package com.netflix.hystrix;

import com.netflix.hystrix.exception.HystrixRuntimeException;
import com.netflix.hystrix.exception.HystrixRuntimeException.FailureType;
import dev.firebreak.CachedGuard;
import dev.firebreak.Guard;
import dev.firebreak.GuardException;
import dev.firebreak.Isolation;
import dev.firebreak.breaker.BreakerMode;
import dev.firebreak.breaker.CircuitState;
import dev.firebreak.context.RequestContext;
import dev.firebreak.hystrix.HystrixBridge;
import dev.firebreak.isolation.IsolationStrategy;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import java.util.function.Supplier;
import rx.Observable;
import rx.Subscription;
import rx.subjects.ReplaySubject;
import rx.subscriptions.Subscriptions;

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
    private final HystrixCommandKey commandKey;
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
    private final AtomicBoolean started = new AtomicBoolean();
    private volatile HystrixCollapserKey collapserKey;
    private volatile int numberCollapsed;

    AbstractCommand(HystrixCommandGroupKey group, HystrixCommandKey key, HystrixThreadPoolKey pool,
            HystrixCommandProperties.Setter commandDefaults, HystrixThreadPoolProperties.Setter poolDefaults,
            IsolationStrategy defaultIsolation) {
        if (group == null) {
            throw new IllegalStateException("HystrixCommandGroupKey cannot be null");
        }
        this.groupKey = group;
        this.commandKey = key != null ? key : HystrixCommandKey.Factory.asKey(defaultName(getClass()));
        this.threadPoolKey = pool != null ? pool : HystrixThreadPoolKey.Factory.asKey(group.name());
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
            return builder.build();
        });
        this.metrics = HystrixCommandMetrics.of(guard);
        this.circuitBreaker = new HystrixCircuitBreaker.GuardBreaker(guard);
        this.plugins = CommandPlugins.current();
        CommandPlugins.publish(this);
        this.currentRequestLog = guard.controls().config().request().logEnabled()
                ? HystrixRequestLog.getCurrentRequest(plugins.strategy) : null;
    }

    private static String defaultName(Class<?> type) {
        String simple = type.getSimpleName();
        return simple.isEmpty() ? type.getName() : simple;
    }

    // ---------------------------------------------------------------- execution

    /** hystrix-core's message when a command with a cache key runs outside a request context. */
    static final String NO_CONTEXT_FOR_CACHE = "Request caching is not available. Maybe you need to initialize the HystrixRequestContext?";

    /**
     * Runs this instance once through its guard: {@code plain} or, with a cache key inside a request
     * context, {@code cached} starts the call. The returned future completes after the record is sealed
     * (and the hooks and the notifier are told), with the value or the exception Hystrix would give;
     * cancelling it cancels the call.
     */
    final <V> CompletableFuture<V> start(ExecutionHooks<R> hooks, Function<Guard, CompletableFuture<V>> plain,
            Function<CachedGuard, CompletableFuture<V>> cached) {
        if (!started.compareAndSet(false, true)) {
            throw new HystrixRuntimeException(FailureType.BAD_REQUEST_EXCEPTION, getClass(),
                    commandKey.name() + " command executed multiple times - this is not permitted.",
                    new IllegalStateException("This instance can only be executed once. Please instantiate a new instance."), null);
        }
        record.started();
        if (currentRequestLog != null) {
            currentRequestLog.addExecutedCommand(this);
        }
        if (guard.controls().config().request().cacheEnabled() && RequestContext.currentOrNull() == null && getCacheKey() != null) {
            // As hystrix-core: a cached command needs a request context; it fails before it runs, with no events.
            return CompletableFuture.failedFuture(new IllegalStateException(NO_CONTEXT_FOR_CACHE));
        }
        String cacheKey = guard.controls().config().request().cacheEnabled() && RequestContext.currentOrNull() != null ? getCacheKey() : null;
        RequestContext context = cacheKey == null ? null : RequestContext.currentOrNull();
        AbstractCommand<?> owner = context == null ? null : HystrixRequestCache.claim(context, commandKey, cacheKey, this);
        boolean cacheHit = owner != null && owner != this;
        if (hooks != null) {
            if (cacheHit) {
                hooks.onCacheHit(); // as 1.5.18: the only hook a cache hit calls
            } else {
                try {
                    hooks.onStart();
                } catch (RuntimeException thrown) { // as 1.5.18: the command fails at once, with no fallback
                    record.seal(Set.of());
                    return CompletableFuture.failedFuture(CommandFailures.forCaller(thrown, commandKey.name(), getClass(), null));
                }
            }
        }
        CompletableFuture<V> source;
        try {
            source = cacheKey == null ? plain.apply(guard) : cached.apply(guard.cached(cacheKey));
        } catch (RuntimeException thrown) {
            source = CompletableFuture.failedFuture(thrown);
        }
        LinkedFuture<V> result = new LinkedFuture<>(source);
        ExecutionHooks<R> endHooks = cacheHit ? null : hooks;
        source.whenComplete((value, thrown) -> {
            if (thrown == null) {
                record.seal(successEvents(context, cacheKey));
                if (endHooks != null) {
                    endHooks.onSuccess();
                }
                plugins.notifyFinished(this);
                CompletionPublisher.publish(this, false);
                result.complete(value);
            } else {
                Throwable failure = CommandFailures.unwrap(thrown);
                Throwable cause = CommandFailures.causeOfCaller(failure);
                Set<HystrixEventType> events = record.runStartedOrFellBack() || cacheKey == null
                        ? CommandFailures.eventsOf(failure) : fromCache(context, cacheKey, CommandFailures.eventsOf(failure));
                if (CommandFailures.notWrapped(cause)) {
                    events.removeIf(event -> event.name().startsWith("FALLBACK_")); // as 1.5.18: the fallback is skipped
                }
                record.executionException(cause);
                record.seal(events);
                if (endHooks != null) {
                    if (failure instanceof CancellationException) {
                        endHooks.onUnsubscribe();
                    }
                    endHooks.overtakeRun();
                }
                Throwable toCaller = CommandFailures.forCaller(failure, commandKey.name(), getClass(), endHooks);
                plugins.notifyFinished(this);
                CompletionPublisher.publish(this, !(failure instanceof CancellationException));
                result.completeExceptionally(toCaller);
            }
        });
        return result;
    }

    /** A new hook caller for one execution, or null when no hook is registered. */
    final ExecutionHooks<R> newHooks() {
        return plugins.hook == null ? null : new ExecutionHooks<>(plugins.hook, this);
    }

    private Set<HystrixEventType> successEvents(RequestContext context, String cacheKey) {
        if (record.fallbackReturned()) {
            return record.fallbackEvents();
        }
        if (record.runReturned() || cacheKey == null) {
            return EnumSet.of(HystrixEventType.SUCCESS);
        }
        return fromCache(context, cacheKey, EnumSet.of(HystrixEventType.SUCCESS));
    }

    /**
     * A cache hit (neither this instance's run nor its fallback ran): the events of the instance that
     * ran under the key, plus RESPONSE_FROM_CACHE; {@code ifUnknown} when that instance is not known
     * (two instances of one context raced to start the key).
     */
    private Set<HystrixEventType> fromCache(RequestContext context, String cacheKey, Set<HystrixEventType> ifUnknown) {
        AbstractCommand<?> owner = context == null ? null : HystrixRequestCache.owner(context, commandKey, cacheKey);
        EnumSet<HystrixEventType> events = owner != null && owner != this && owner.record.sealed() && !owner.record.events().isEmpty()
                ? EnumSet.copyOf(owner.record.events()) : EnumSet.copyOf(ifUnknown);
        events.add(HystrixEventType.RESPONSE_FROM_CACHE);
        return events;
    }

    /** Called by the guard's fallback with what happened. */
    final void fallbackStarting(GuardException failure) {
        record.fallbackStarted(CommandFailures.causeOf(failure), failure);
    }

    /** An rx.Observable that starts {@code begin} when subscribed and cancels it when unsubscribed. */
    static <V, R> Observable<R> lazily(Supplier<CompletableFuture<V>> begin, Function<V, Iterable<R>> values) {
        return Observable.unsafeCreate(subscriber -> {
            CompletableFuture<V> future = begin.get();
            subscriber.add(Subscriptions.create(() -> future.cancel(true)));
            future.whenComplete((value, thrown) -> {
                if (subscriber.isUnsubscribed()) {
                    return;
                }
                if (thrown != null) {
                    subscriber.onError(CommandFailures.unwrap(thrown));
                    return;
                }
                for (R item : values.apply(value)) {
                    subscriber.onNext(item);
                }
                subscriber.onCompleted();
            });
        });
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
        return guard.controls().circuitBreaker().state() == CircuitState.OPEN
                && guard.controls().circuitBreaker().mode() != BreakerMode.METRICS_ONLY; // it short-circuits nothing
    }

    @Override
    public boolean isExecutionComplete() {
        return record.sealed();
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
}
