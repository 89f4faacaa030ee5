package dev.firebreak;

import dev.firebreak.attempt.Admission;
import dev.firebreak.breaker.CircuitBreaker;
import dev.firebreak.breaker.CircuitBreakers;
import dev.firebreak.config.ConfigScope;
import dev.firebreak.context.RequestContext;
import dev.firebreak.event.EventType;
import dev.firebreak.event.GuardListener;
import dev.firebreak.event.ListenerFailures;
import dev.firebreak.internal.FallbackResult;
import dev.firebreak.internal.GuardSide;
import dev.firebreak.internal.Pipeline;
import dev.firebreak.isolation.Bulkhead;
import dev.firebreak.isolation.GuardThreadPool;
import dev.firebreak.isolation.IsolationStrategy;
import dev.firebreak.isolation.Isolator;
import dev.firebreak.isolation.ThreadPoolConfig;
import dev.firebreak.metrics.GuardMetrics;
import dev.firebreak.registry.RegistryClosedException;
import dev.firebreak.time.Scheduler;
import dev.firebreak.time.Ticker;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
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
 * <p>Every call passes the same fixed steps of one pipeline ({@code dev.firebreak.internal.Step}), in
 * this order (attempt policies added with {@link Builder#attemptPolicy} enter after the breaker):
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
    private final Isolator isolator;
    private final Bulkhead fallbackPermits;
    private final CircuitBreaker breaker;
    private final GuardMetrics metrics;
    private final Side side = new Side();
    private final Pipeline pipeline;
    private final CopyOnWriteArrayList<GuardListener> listeners = new CopyOnWriteArrayList<>();
    private final GuardConfig codeConfig;
    private volatile GuardConfig config;

    private Guard(Builder b, GuardConfig codeConfig, GuardConfig config) {
        this.name = b.name;
        this.groupName = b.group == null ? b.name : b.group;
        this.poolName = b.pool == null ? this.groupName : b.pool;
        this.registry = b.registry;
        this.ticker = registry.ticker();
        this.codeConfig = codeConfig;
        this.config = config;
        this.isolator = Isolator.of(config.isolationStrategy(), name, config.semaphoreMaxConcurrentRequests(),
                config.virtualMaxConcurrentRequests(), () -> registry.poolFor(poolName, b.poolConfig));
        this.fallbackPermits = new Bulkhead(config.fallbackMaxConcurrentRequests());
        this.breaker = CircuitBreakers.create(config.breakerSettings(), config.metricsRollingStatsTimeInMilliseconds(),
                config.metricsRollingStatsNumBuckets(), ticker);
        this.metrics = new GuardMetrics(config.metricsSettings(), ticker, breaker);
        List<Admission> policies = new ArrayList<>();
        policies.add(breaker);
        policies.addAll(b.attemptPolicies);
        this.pipeline = new Pipeline(side, ticker, registry.scheduler(), policies, isolator, metrics);
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
        refuseIfClosed();
        return pipeline.execute(call, fallback);
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
        refuseIfClosed();
        return pipeline.submit(call, fallback);
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
        refuseIfClosed();
        return pipeline.submitAsync(call, fallback);
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
        isolator.resize(next.semaphoreMaxConcurrentRequests(), next.virtualMaxConcurrentRequests());
        fallbackPermits.setLimit(next.fallbackMaxConcurrentRequests());
        metrics.reconfigure(next.metricsSettings());
        CircuitBreakers.reconfigure(breaker, next.breakerSettings());
        config = next;
        return GuardConfig.scope().changedFixed(current, next).isEmpty();
    }

    /** The isolation strategy, fixed at creation. */
    public IsolationStrategy isolationStrategy() {
        return isolator.strategy();
    }

    /** The isolation object: it admits, launches and reports (limit, in flight). */
    public Isolator isolator() {
        return isolator;
    }

    /** The thread pool under THREAD isolation, else null. */
    public GuardThreadPool threadPool() {
        return isolator.pool().orElse(null);
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
        return isolator.inFlight();
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
        CompletionStage<Void> watch = pipeline.permitReleased(submitted);
        if (watch != null) {
            return watch;
        }
        if (isolator.runsOnCaller() && submitted.isDone()) {
            return CompletableFuture.completedStage(null);
        }
        throw new IllegalArgumentException("permitReleased: the future " + submitted + " was not returned by submit"
                + " or submitAsync of guard " + name + " (rule: pass the future this guard returned, uncomposed)");
    }

    /** The most isolation permits ever held at once. */
    public int peakPermitsInFlight() {
        return isolator.peakInFlight();
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
        return "Guard[" + name + ", group=" + groupName + ", pool=" + poolName + ", " + isolator.strategy() + "]";
    }

    // ---------------------------------------------------------------- package-private plumbing

    Ticker ticker() {
        return ticker;
    }

    /** A call answered from the request cache: no admission, recorded and reported like any call. */
    void reportFromCache(long events, long totalNanos) {
        metrics.record(events, 0L, totalNanos, ticker.read());
        side.report(events, 0L, totalNanos);
    }

    /** A closed registry's guard refuses at once, saying so (not a misleading rejection). */
    private void refuseIfClosed() {
        if (registry.isClosed()) {
            throw new RegistryClosedException("guard '" + name + "'");
        }
    }

    /** What the pipeline asks of this guard: configuration, exceptions, fallback, log and listeners. */
    private final class Side implements GuardSide {

        @Override
        public String name() {
            return name;
        }

        @Override
        public GuardConfig config() {
            return config;
        }

        @Override
        public GuardException failureFor(EventType event, Throwable cause) {
            return switch (event) {
                case SHORT_CIRCUITED -> new ShortCircuitedException(name);
                case TIMEOUT -> new GuardTimeoutException(name, config.timeoutInMilliseconds());
                case THREAD_POOL_REJECTED, SEMAPHORE_REJECTED, LIMIT_REJECTED -> new RejectedException(name, event, isolator.limit());
                default -> new CallFailedException(name, cause);
            };
        }

        @Override
        public <T> FallbackResult<T> fallback(Fallback<T> fallback, GuardException failure) {
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

        @Override
        public void report(long events, long executionNanos, long totalNanos) {
            RequestContext context = RequestContext.currentOrNull();
            if (context != null && config.requestLogEnabled()) {
                context.log().add(name, events, totalNanos);
            }
            for (GuardListener listener : listeners) {
                tell(listener, events, executionNanos, totalNanos);
            }
            for (GuardListener listener : registry.listeners()) {
                tell(listener, events, executionNanos, totalNanos);
            }
        }

        /** One listener, under the one rule (no allocation unless it throws). */
        private void tell(GuardListener listener, long events, long executionNanos, long totalNanos) {
            try {
                listener.onCall(name, events, executionNanos, totalNanos);
            } catch (Throwable thrown) {
                ListenerFailures.report(listener, "a call of guard '" + name + "'", thrown);
            }
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
        private final List<Admission> attemptPolicies = new ArrayList<>();

        Builder(GuardRegistry registry, String name) {
            if (name == null || name.isBlank()) {
                throw new IllegalArgumentException("a guard needs a non-blank name");
            }
            if (ConfigScope.DEFAULT_INSTANCE.equals(name)) {
                throw new IllegalArgumentException("'" + ConfigScope.DEFAULT_INSTANCE + "' is reserved and cannot name a"
                        + " guard: properties under hystrix.command.default.* set every guard's defaults");
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

        /**
         * Adds an attempt policy to this guard's pipeline: entered after the circuit breaker and the
         * policies added before it (those held until the user's code ends: before the isolation), and
         * exited as its {@link Admission#hold()} says. The order is fixed when the guard is built.
         */
        public Builder attemptPolicy(Admission policy) {
            attemptPolicies.add(Objects.requireNonNull(policy, "policy"));
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
            Guard guard = new Guard(this, code, registry.configResolver().resolve(GuardConfig.scope(), name, code));
            registry.register(guard);
            return guard;
        }
    }
}
