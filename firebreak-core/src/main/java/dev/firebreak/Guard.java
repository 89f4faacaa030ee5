package dev.firebreak;

import dev.firebreak.attempt.Admission;
import dev.firebreak.classify.Classifier;
import dev.firebreak.config.ConfigScope;
import dev.firebreak.context.RequestContext;
import dev.firebreak.isolation.ThreadPoolConfig;
import dev.firebreak.limit.LimitConfig;
import dev.firebreak.priority.PriorityConfig;
import dev.firebreak.ratelimit.RateLimitConfig;
import dev.firebreak.registry.RegistryClosedException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
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
 * <p>Every call passes the same fixed steps of one pipeline ({@code Step}), in
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
    private final GuardRegistry registry;
    private final GuardControls policy;
    private final Pipeline pipeline;

    private Guard(Builder b, GuardConfig codeConfig, GuardConfig config) {
        this.name = b.name;
        this.registry = b.registry;
        this.policy = new GuardControls(b, codeConfig, config);
        this.pipeline = policy.pipeline();
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

    // ---------------------------------------------------------------- name and policy

    /** The guard's name (Hystrix's command key). */
    public String name() {
        return name;
    }

    /**
     * Inspection and operations: names, configuration and {@code reconfigure}, isolation, thread pool,
     * circuit breaker, metrics, permits, listeners.
     */
    public GuardControls controls() {
        return policy;
    }

    @Override
    public String toString() {
        return policy.toString();
    }

    // ---------------------------------------------------------------- package-private plumbing

    /** A closed registry's guard refuses at once, saying so (not a misleading rejection). */
    private void refuseIfClosed() {
        if (registry.isClosed()) {
            throw new RegistryClosedException("guard '" + name + "'");
        }
    }

    /** Builds a {@link Guard}; every setting has Hystrix's default. */
    public static final class Builder {
        final GuardRegistry registry;
        final String name;
        private final GuardConfig.Builder config = GuardConfig.builder();
        String group;
        String pool;
        ThreadPoolConfig poolConfig;
        final List<Admission> attemptPolicies = new ArrayList<>();
        Classifier classifier = Classifier.defaults();

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
            config.isolation(iso -> iso.strategy(isolation.strategy()));
            switch (isolation) {
                case Isolation.Semaphore s ->
                        config.isolation(iso -> iso.semaphoreMaxConcurrentRequests(s.maxConcurrentRequests()));
                case Isolation.VirtualThreads v ->
                        config.isolation(iso -> iso.virtualMaxConcurrentRequests(v.maxConcurrentRequests()));
                case Isolation.ThreadPool t -> poolConfig = null;
                case Isolation.ConfiguredThreadPool t -> poolConfig = t.config();
            }
            return this;
        }

        /** The timeout ({@code execution.isolation.thread.timeoutInMilliseconds}), at least 1 ms. */
        public Builder timeout(Duration timeout) {
            long millis = timeout.toMillis();
            config.timeout(t -> t.timeout(Duration.ofMillis(Math.min(millis, Integer.MAX_VALUE))));
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

        /**
         * The adaptive concurrency limit ({@code limit.*}, see docs/limits.md): under SEMAPHORE or VIRTUAL
         * isolation an algorithm (AIMD, GRADIENT2, VEGAS) drives the isolation's limit from each attempt's
         * latency and drops, within {@code minLimit..maxLimit}; refusals are LIMIT_REJECTED and go to the
         * fallback. Default: NONE (the static limit). Every {@code limit.*} property is recorded as set in
         * code; {@code configure(c -> c.limit(l -> ...))} sets single ones.
         */
        public Builder adaptiveLimit(LimitConfig limit) {
            Objects.requireNonNull(limit, "limit");
            config.limit(l -> l.from(limit));
            return this;
        }

        /**
         * The rate limiter ({@code rateLimit.*}, see docs/limits.md): a token bucket or a sliding window
         * entered after the circuit breaker; a call without a permit (or none within
         * {@code maxWait}) is RATE_LIMITED and goes to the fallback. Default: disabled. Every
         * {@code rateLimit.*} property is recorded as set in code.
         */
        public Builder rateLimit(RateLimitConfig rateLimit) {
            Objects.requireNonNull(rateLimit, "rateLimit");
            config.rateLimit(r -> r.from(rateLimit));
            return this;
        }

        /**
         * Priority-aware limits ({@code priority.*}, see docs/limits.md): when the isolation's limit (static
         * or adaptive) is reached, calls of lower {@link dev.firebreak.context.Criticality} are refused first
         * (LIMIT_REJECTED, a {@link PriorityRejectedException} naming the call's level), by one calibrated
         * threshold, with optional guaranteed shares per level. {@code .priorities(PriorityConfig.builder()
         * .enabled(true).build())}; every {@code priority.*} property is recorded as set in code.
         */
        public Builder priorities(PriorityConfig priorities) {
            Objects.requireNonNull(priorities, "priorities");
            config.priority(p -> p.from(priorities));
            return this;
        }

        /**
         * The failure classification: exceptions it ignores pass through to the caller like a
         * {@link BadRequestException} (BAD_REQUEST: no fallback, neither success nor failure), results it
         * fails are FAILUREs that go to the fallback; the same verdict reaches the metrics, the breaker,
         * the adaptive limit and the fallback, on every isolation.
         */
        public Builder classify(Classifier classifier) {
            this.classifier = Objects.requireNonNull(classifier, "classifier");
            return this;
        }

        /** Any other property, on the configuration builder: {@code .configure(c -> c.fallback(fb -> fb.enabled(false)))}. */
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
