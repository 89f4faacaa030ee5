package dev.firebreak;

import dev.firebreak.breaker.BreakerPermit;
import dev.firebreak.breaker.CircuitBreaker;
import dev.firebreak.breaker.CircuitBreakers;
import dev.firebreak.context.RequestContext;
import dev.firebreak.event.EventType;
import dev.firebreak.event.GuardListener;
import dev.firebreak.isolation.Bulkhead;
import dev.firebreak.isolation.GuardThreadPool;
import dev.firebreak.isolation.IsolationStrategy;
import dev.firebreak.isolation.ThreadPoolConfig;
import dev.firebreak.metrics.GuardMetrics;
import dev.firebreak.time.Scheduler;
import dev.firebreak.time.Ticker;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadFactory;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Protects the calls to one dependency: Hystrix's command, made reusable and thread-safe.
 *
 * <pre>{@code
 * Guard randomOrg = Guard.named("random.org").isolation(Isolation.virtualThreads(100))
 *     .timeout(Duration.ofSeconds(2)).build();
 * Integers ints = randomOrg.execute(() -> client.generateIntegers(1), failure -> Integers.none());
 * }</pre>
 *
 * <p>Every call passes the same fixed steps, in this order:
 * <ol>
 *   <li>the request cache, only for {@link #cached(Object)} calls inside a {@code RequestContext};</li>
 *   <li>the circuit breaker: if it denies, SHORT_CIRCUITED and the fallback;</li>
 *   <li>isolation: a permit of the semaphore, the thread pool or the virtual-thread limit; if none is
 *       free, THREAD_POOL_REJECTED, SEMAPHORE_REJECTED or LIMIT_REJECTED, and the fallback;</li>
 *   <li>the timeout: under THREAD and VIRTUAL isolation (and for {@link #submitAsync}) the caller gets
 *       control at the deadline even if the call ignores interrupts, and the call is interrupted if
 *       {@code interruptOnTimeout}; the abandoned call keeps its isolation permit until it really
 *       ends. Under SEMAPHORE isolation {@link #execute} runs on the caller's thread, which nothing can
 *       take back: a call that returns after its deadline is reported as TIMEOUT and its result
 *       discarded (with the fallback's value, if any, returned instead);</li>
 *   <li>the user's call;</li>
 *   <li>one outcome: exactly one execution event, at most one fallback event, with execution and
 *       total latency, to the metrics, the breaker and the listeners.</li>
 * </ol>
 *
 * <p>Every call completes exactly once: with its value, the fallback's value, a
 * {@link BadRequestException} (passed through untouched, no fallback, no error count), a
 * {@link java.util.concurrent.CancellationException} (the caller cancelled), or a
 * {@link GuardException} saying what happened (with the fallback's failure attached when it failed).
 */
public final class Guard {

    private final String name;
    private final String groupName;
    private final String poolName;
    private final GuardRegistry registry;
    private final Ticker ticker;
    private final Scheduler scheduler;
    private final IsolationStrategy strategy;
    private final Bulkhead executionPermits;
    private final GuardThreadPool pool;
    private final Bulkhead fallbackPermits;
    private final CircuitBreaker breaker;
    private final GuardMetrics metrics;
    private final ThreadFactory virtualThreads;
    private final CopyOnWriteArrayList<GuardListener> listeners = new CopyOnWriteArrayList<>();
    private final GuardConfig codeConfig;
    private volatile GuardConfig config;

    private Guard(Builder b, GuardConfig codeConfig, GuardConfig config) {
        this.name = b.name;
        this.groupName = b.group == null ? b.name : b.group;
        this.poolName = b.pool == null ? this.groupName : b.pool;
        this.registry = b.registry;
        this.ticker = registry.ticker();
        this.scheduler = registry.scheduler();
        this.codeConfig = codeConfig;
        this.config = config;
        this.strategy = config.isolationStrategy();
        this.executionPermits = new Bulkhead(config.executionConcurrencyLimit());
        this.pool = strategy == IsolationStrategy.THREAD ? registry.poolFor(poolName, b.poolConfig) : null;
        this.fallbackPermits = new Bulkhead(config.fallbackMaxConcurrentRequests());
        this.breaker = CircuitBreakers.create(config, ticker);
        this.metrics = new GuardMetrics(config, ticker, breaker);
        this.virtualThreads = strategy == IsolationStrategy.VIRTUAL
                ? Thread.ofVirtual().name("firebreak-" + name + "-", 1).factory()
                : null;
    }

    /** Starts building a guard named {@code name} in the {@linkplain GuardRegistry#global() global registry}. */
    public static Builder named(String name) {
        return GuardRegistry.global().guard(name);
    }

    // ---------------------------------------------------------------- execution modes

    /** Runs {@code call} and returns its value; with no fallback, any failure throws a {@link GuardException}. */
    public <T> T execute(GuardedCall<T> call) {
        return execute(call, null);
    }

    /**
     * Runs {@code call} under this guard and waits for its value, the fallback's value, or an exception
     * saying what happened. Under SEMAPHORE isolation it runs on this thread; otherwise on the guard's
     * isolation, and this thread walks away at the deadline. If this thread is interrupted while
     * waiting, a call with no outcome yet is cancelled (CANCELLED) and a CancellationException is
     * thrown; a call whose outcome is already decided (its fallback may be running) returns or throws
     * that outcome, the one the metrics record. Either way the interrupt flag is set again.
     */
    public <T> T execute(GuardedCall<T> call, Fallback<T> fallback) {
        Objects.requireNonNull(call, "call");
        if (strategy == IsolationStrategy.SEMAPHORE) {
            return CallerThreadExecution.run(this, call, fallback);
        }
        return AsyncExecution.await(submit(call, fallback));
    }

    /** Like {@link #submit(GuardedCall, Fallback)} without a fallback. */
    public <T> CompletableFuture<T> submit(GuardedCall<T> call) {
        return submit(call, null);
    }

    /**
     * Runs {@code call} on the guard's isolation and returns at once. The future completes exactly once;
     * cancelling it cancels the call (CANCELLED; interrupted if {@code interruptOnCancel}). Under SEMAPHORE
     * isolation the call runs on this thread before this method returns, as in Hystrix.
     */
    public <T> CompletableFuture<T> submit(GuardedCall<T> call, Fallback<T> fallback) {
        Objects.requireNonNull(call, "call");
        if (strategy == IsolationStrategy.SEMAPHORE) {
            return CallerThreadExecution.runToFuture(this, call, fallback);
        }
        return AsyncExecution.start(this, call, null, fallback);
    }

    /** Like {@link #submitAsync(Supplier, Fallback)} without a fallback. */
    public <T> CompletableFuture<T> submitAsync(Supplier<? extends CompletionStage<T>> call) {
        return submitAsync(call, null);
    }

    /**
     * Starts a non-blocking call: {@code call} is invoked on this thread and returns a stage; no thread
     * is held while the stage is pending. The isolation bound counts stages in flight (SEMAPHORE: its
     * semaphore, VIRTUAL: its limit, THREAD: the pool's admission bound) until each stage really
     * completes. The timeout still applies: at the deadline the returned future completes with TIMEOUT
     * (or the fallback), and if {@code interruptOnTimeout} the stage is cancelled when it is a
     * CompletableFuture (an HTTP client's request is aborted that way).
     */
    public <T> CompletableFuture<T> submitAsync(Supplier<? extends CompletionStage<T>> call, Fallback<T> fallback) {
        Objects.requireNonNull(call, "call");
        return AsyncExecution.start(this, null, call, fallback);
    }

    /**
     * This guard's calls under a request-cache key: inside a {@link RequestContext}, the first call
     * with {@code key} runs and every other call with it in the same context shares its result
     * (RESPONSE_FROM_CACHE), even while it is in flight. Outside a context, or with
     * {@code requestCache.enabled = false}, calls run as usual.
     */
    public CachedGuard cached(Object key) {
        return new CachedGuard(this, Objects.requireNonNull(key, "cache key"));
    }

    // ---------------------------------------------------------------- operations

    /** The guard's name (Hystrix's command key). */
    public String name() {
        return name;
    }

    /** The group name (Hystrix's group key); defaults to the name. */
    public String groupName() {
        return groupName;
    }

    /** The pool name (Hystrix's thread-pool key); defaults to the group name. */
    public String poolName() {
        return poolName;
    }

    /** The configuration in force. */
    public GuardConfig config() {
        return config;
    }

    /**
     * The configuration its builder gave, before any dynamic property: Hystrix's "instance default
     * from code" layer ({@link GuardConfig#setInCode()} names what the code set).
     */
    public GuardConfig codeConfig() {
        return codeConfig;
    }

    /**
     * Applies a new configuration to the running guard: timeouts, fallback and breaker settings, and
     * the semaphore, virtual and fallback limits take effect for the next call. The isolation strategy
     * and the rolling-window geometry are fixed at creation; a change to them is ignored and reported
     * by returning false.
     */
    public boolean reconfigure(GuardConfig next) {
        Objects.requireNonNull(next, "config");
        GuardConfig current = config;
        executionPermits.setLimit(next.executionConcurrencyLimit());
        fallbackPermits.setLimit(next.fallbackMaxConcurrentRequests());
        metrics.reconfigure(next);
        CircuitBreakers.reconfigure(breaker, next);
        config = next;
        return next.isolationStrategy() == current.isolationStrategy()
                && next.metricsRollingStatsTimeInMilliseconds() == current.metricsRollingStatsTimeInMilliseconds()
                && next.metricsRollingStatsNumBuckets() == current.metricsRollingStatsNumBuckets()
                && next.metricsRollingPercentileTimeInMilliseconds() == current.metricsRollingPercentileTimeInMilliseconds()
                && next.metricsRollingPercentileNumBuckets() == current.metricsRollingPercentileNumBuckets();
    }

    /** The isolation strategy, fixed at creation. */
    public IsolationStrategy isolationStrategy() {
        return strategy;
    }

    /** The thread pool under THREAD isolation, else null. */
    public GuardThreadPool threadPool() {
        return pool;
    }

    /** The circuit breaker. */
    public CircuitBreaker circuitBreaker() {
        return breaker;
    }

    /** The guard's metrics. */
    public GuardMetrics metrics() {
        return metrics;
    }

    /** The registry this guard belongs to. */
    public GuardRegistry registry() {
        return registry;
    }

    /**
     * Isolation permits held now: calls (or stages) admitted and not yet ended, including abandoned
     * ones still running. Under THREAD isolation this counts the whole pool, shared with other guards.
     */
    public int permitsInFlight() {
        return pool != null ? pool.admitted() : executionPermits.inFlight();
    }

    /**
     * A stage that completes once the call behind {@code submitted} holds no isolation permit of this
     * guard: when the call (or its stage) really ends, which for a call that ignores its interrupt can be
     * long after {@code submitted} completed with TIMEOUT; at once if it never took one (rejected,
     * short-circuited) or has already given it back. {@code submitted} must be a future this guard's
     * {@code submit} or {@code submitAsync} returned (under SEMAPHORE, {@code submit} returns after the
     * call, so its permit is already back). Call policies that keep their own bound within the guard's
     * (the collapser's LOAD_AWARE slots) free a slot here, so they never send a call the guard rejects.
     *
     * @throws IllegalArgumentException if {@code submitted} did not come from this guard
     */
    public CompletionStage<Void> permitReleased(CompletableFuture<?> submitted) {
        Objects.requireNonNull(submitted, "submitted");
        if (submitted instanceof AsyncExecution<?> execution && execution.guard() == this) {
            return execution.permitReleased().copy(); // a copy: the caller cannot complete the shared watch
        }
        if (strategy == IsolationStrategy.SEMAPHORE && submitted.isDone()) {
            return CompletableFuture.completedStage(null);
        }
        throw new IllegalArgumentException("permitReleased: the future " + submitted + " was not returned by submit"
                + " or submitAsync of guard " + name + " (rule: pass the future this guard returned, uncomposed)");
    }

    /** The most isolation permits ever held at once. */
    public int peakPermitsInFlight() {
        return pool != null ? pool.peakAdmitted() : executionPermits.peak();
    }

    /** Fallback permits held now. */
    public int fallbacksInFlight() {
        return fallbackPermits.inFlight();
    }

    /** Subscribes to every call of this guard. */
    public void addListener(GuardListener listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
    }

    /** Unsubscribes a listener. */
    public void removeListener(GuardListener listener) {
        listeners.remove(listener);
    }

    @Override
    public String toString() {
        return "Guard[" + name + ", group=" + groupName + ", pool=" + poolName + ", " + strategy + "]";
    }

    // ---------------------------------------------------------------- package-private plumbing

    Ticker ticker() {
        return ticker;
    }

    Scheduler scheduler() {
        return scheduler;
    }

    CircuitBreaker breaker() {
        return breaker;
    }

    ThreadFactory virtualThreads() {
        return virtualThreads;
    }

    Bulkhead executionPermits() {
        return executionPermits;
    }

    GuardThreadPool pool() {
        return pool;
    }

    /** Takes an isolation permit for a call; the rejection event if none is free, else null. */
    EventType tryAdmit() {
        if (pool != null) {
            return pool.tryAdmit() ? null : EventType.THREAD_POOL_REJECTED;
        }
        if (executionPermits.tryAcquire()) {
            return null;
        }
        return strategy == IsolationStrategy.VIRTUAL ? EventType.LIMIT_REJECTED : EventType.SEMAPHORE_REJECTED;
    }

    /** Returns an isolation permit taken by {@link #tryAdmit()}. */
    void releaseAdmission() {
        if (pool != null) {
            pool.release();
        } else {
            executionPermits.release();
        }
    }

    int admissionLimit() {
        return pool != null ? pool.admissionLimit() : executionPermits.limit();
    }

    /** Adds SLOW_CALL to a successful call's events when the slow-call threshold is set and reached. */
    long slowMarker(GuardConfig c, long executionNanos) {
        int slowMillis = c.circuitBreakerSlowCallDurationThresholdInMilliseconds();
        return slowMillis > 0 && executionNanos >= slowMillis * 1_000_000L ? EventType.SLOW_CALL.bit() : 0L;
    }

    /**
     * Runs the fallback for {@code failure} on this thread, under the fallback limit.
     *
     * @return the outcome: a value or the exception to give the caller, with the events to add
     */
    <T> FallbackResult<T> fallback(Fallback<T> fallback, GuardException failure) {
        if (fallback == null) {
            return FallbackResult.failed(EventType.FALLBACK_MISSING, failure.withFallback(EventType.FALLBACK_MISSING, null));
        }
        if (!config.fallbackEnabled()) {
            return FallbackResult.failed(EventType.FALLBACK_DISABLED, failure.withFallback(EventType.FALLBACK_DISABLED, null));
        }
        if (!fallbackPermits.tryAcquire()) {
            return FallbackResult.failed(EventType.FALLBACK_REJECTION, failure.withFallback(EventType.FALLBACK_REJECTION, null));
        }
        try {
            return FallbackResult.value(fallback.recover(failure));
        } catch (Throwable thrown) {
            return FallbackResult.failed(EventType.FALLBACK_FAILURE, failure.withFallback(EventType.FALLBACK_FAILURE, thrown));
        } finally {
            fallbackPermits.release();
        }
    }

    /** The exception for an execution event that never ran the call or timed it out. */
    GuardException failureFor(EventType event, Throwable cause) {
        return switch (event) {
            case SHORT_CIRCUITED -> new ShortCircuitedException(name);
            case TIMEOUT -> new GuardTimeoutException(name, config.timeoutInMilliseconds());
            case THREAD_POOL_REJECTED -> pool != null && pool.isShutdown() ? RejectedException.poolShutDown(name, poolName)
                    : new RejectedException(name, event, admissionLimit());
            case SEMAPHORE_REJECTED, LIMIT_REJECTED -> new RejectedException(name, event, admissionLimit());
            default -> new CallFailedException(name, cause);
        };
    }

    /** Reports one finished call to the breaker (if it held a permit), the metrics and the listeners. */
    void finish(BreakerPermit permit, EventType executionEvent, long events, long executionNanos, long totalNanos) {
        finish(permit, executionEvent, events, executionNanos, totalNanos, ticker.read());
    }

    /** {@link #finish} for a call that ended at {@code nowNanos}: one clock read serves all three. */
    void finish(BreakerPermit permit, EventType executionEvent, long events, long executionNanos, long totalNanos,
            long nowNanos) {
        if (permit != BreakerPermit.DENIED) {
            breaker.onOutcome(permit, executionEvent, executionNanos, nowNanos);
        }
        metrics.record(events, executionNanos, totalNanos, nowNanos);
        RequestContext context = RequestContext.currentOrNull();
        if (context != null && config.requestLogEnabled()) {
            context.log().add(name, events, totalNanos);
        }
        notifyListeners(events, executionNanos, totalNanos);
    }

    private void notifyListeners(long events, long executionNanos, long totalNanos) {
        for (GuardListener listener : listeners) {
            Listeners.call(listener, name, events, executionNanos, totalNanos);
        }
        for (GuardListener listener : registry.listeners()) {
            Listeners.call(listener, name, events, executionNanos, totalNanos);
        }
    }

    /** Builds a {@link Guard}; every setting has Hystrix's default. */
    public static final class Builder {
        private final GuardRegistry registry;
        private final String name;
        private final GuardConfig.Builder config = GuardConfig.builder();
        private String group;
        private String pool;
        private ThreadPoolConfig poolConfig;

        Builder(GuardRegistry registry, String name) {
            if (name == null || name.isBlank()) {
                throw new IllegalArgumentException("a guard needs a non-blank name");
            }
            this.registry = registry;
            this.name = name;
        }

        /** The group name (Hystrix's group key); defaults to the guard's name. */
        public Builder group(String group) {
            this.group = Objects.requireNonNull(group, "group");
            return this;
        }

        /** The pool name (Hystrix's thread-pool key); defaults to the group name. */
        public Builder pool(String pool) {
            this.pool = Objects.requireNonNull(pool, "pool");
            return this;
        }

        /** The isolation: semaphore, thread pool or virtual threads. Default: the thread pool. */
        public Builder isolation(Isolation isolation) {
            config.isolationStrategy(isolation.strategy());
            switch (isolation) {
                case Isolation.Semaphore s -> config.semaphoreMaxConcurrentRequests(s.maxConcurrentRequests());
                case Isolation.VirtualThreads v -> config.virtualMaxConcurrentRequests(v.maxConcurrentRequests());
                case Isolation.ThreadPool t -> poolConfig = t.config();
            }
            return this;
        }

        /** The timeout ({@code execution.isolation.thread.timeoutInMilliseconds}), at least 1 ms. */
        public Builder timeout(Duration timeout) {
            long millis = timeout.toMillis();
            config.timeoutInMilliseconds(millis > Integer.MAX_VALUE ? Integer.MAX_VALUE : (int) millis);
            return this;
        }

        /** Any other property, on the configuration builder: {@code .configure(c -> c.fallbackEnabled(false))}. */
        public Builder configure(Consumer<GuardConfig.Builder> change) {
            change.accept(config);
            return this;
        }

        /**
         * Validates the configuration, builds the guard and registers it; a name already taken throws.
         * The registry's {@link dev.firebreak.config.ConfigResolver} layers dynamic properties over the
         * code's configuration first.
         */
        public Guard build() {
            GuardConfig code = config.build();
            Guard guard = new Guard(this, code, registry.configResolver().guardConfig(name, code));
            registry.register(guard);
            return guard;
        }
    }
}
