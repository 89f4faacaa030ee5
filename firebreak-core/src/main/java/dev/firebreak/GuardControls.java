package dev.firebreak;

import dev.firebreak.context.CallTracer;
import dev.firebreak.attempt.Admission;
import dev.firebreak.breaker.CircuitBreaker;
import dev.firebreak.breaker.CircuitBreakerView;
import dev.firebreak.breaker.CircuitBreakers;
import dev.firebreak.chaos.ChaosPolicy;
import dev.firebreak.chaos.ChaosView;
import dev.firebreak.classify.Classifier;
import dev.firebreak.classify.ClassifyConfig;
import dev.firebreak.config.InvalidConfigException;
import dev.firebreak.event.GuardListener;
import dev.firebreak.isolation.Bulkhead;
import dev.firebreak.isolation.GuardThreadPool;
import dev.firebreak.isolation.IsolationStrategy;
import dev.firebreak.isolation.IsolationView;
import dev.firebreak.isolation.Isolator;
import dev.firebreak.isolation.ThreadPoolConfig;
import dev.firebreak.ratelimit.RateLimiter;
import dev.firebreak.ratelimit.RateLimiterView;
import dev.firebreak.metrics.GuardMetrics;
import dev.firebreak.metrics.MetricsRecorder;
import dev.firebreak.priority.PriorityGate;
import dev.firebreak.priority.PriorityView;
import dev.firebreak.time.Ticker;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Inspection and operations of one guard, behind {@link Guard#controls()} (as a cache's
 * {@code policy()}): its names, configuration (in force and from code) and live reconfiguration, its
 * isolation, thread pool, circuit breaker and metrics, the permits it holds, and its listeners. The
 * guard itself keeps only the execution methods and its name.
 *
 * <p>Thread-safe. {@link #reconfigure} publishes the new configuration with one volatile write after
 * the parts have taken their live values, so a call reads one configuration in full.
 */
public final class GuardControls {

    private final String name;
    private final String groupName;
    private final String poolName;
    private final GuardRegistry registry;
    private final Ticker ticker;
    private final Isolator isolator;
    private final Bulkhead fallbackPermits;
    private final CircuitBreaker breaker;
    private final RateLimiter rateLimiter;
    private final RateLimiterView rateLimiterView;
    private final PriorityGate priorityGate;
    private final PriorityView priorityView;
    private final Classifier codeClassifier;
    // Invariant: classifier is codeClassifier with config.classify() added, written before config.
    private volatile Classifier classifier;
    private final CircuitBreakerView breakerView;
    private final IsolationView isolationView;
    private final MetricsRecorder recorder;
    private final CopyOnWriteArrayList<GuardListener> listeners = new CopyOnWriteArrayList<>();
    private final GuardConfig codeConfig;
    private final GuardHooks hooks;
    private final Pipeline pipeline;
    /** Null unless the registry allows chaos: then the pipeline has no chaos step at all. */
    private final ChaosPolicy chaos;
    private volatile GuardConfig config;

    GuardControls(Guard.Builder b, GuardConfig codeConfig, GuardConfig config) {
        this.name = b.name;
        this.groupName = b.group == null ? b.name : b.group;
        this.poolName = b.pool == null ? this.groupName : b.pool;
        this.registry = b.registry;
        this.ticker = registry.ticker();
        this.codeConfig = codeConfig;
        this.config = config;
        this.codeClassifier = b.classifier;
        this.classifier = classifierFor(config.classify()); // first: a refusal builds nothing
        this.chaos = registry.chaosFaults().allowed()
                ? new ChaosPolicy(name, groupName, registry.chaosFaults(), registry.scheduler()) : null;
        if (chaos != null) {
            chaos.reconfigure(config.chaos(), ticker.read()); // refuses a fault name the registry does not hold
        }
        this.isolator = Isolator.of(config.isolation().strategy(), name,
                config.isolation().semaphoreMaxConcurrentRequests(), config.isolation().virtualMaxConcurrentRequests(),
                () -> registry.poolFor(poolName, b.poolConfig), registry.scheduler(), ticker);
        isolator.setMaxWait(config.isolation().semaphoreMaxWait().toNanos(), config.isolation().virtualMaxWait().toNanos());
        this.isolationView = IsolationView.of(isolator);
        isolator.adapt(config.limit(), dropAfterNanos(config));
        this.fallbackPermits = new Bulkhead(config.fallback().maxConcurrentRequests());
        this.breaker = CircuitBreakers.create(config.breaker(), (int) config.metrics().rollingStatsWindow().toMillis(),
                config.metrics().rollingStatsBuckets(), ticker);
        this.breakerView = CircuitBreakers.view(breaker, ticker);
        // SEMAPHORE: a permit is held exactly while a call's code runs, so its count is the running count.
        this.recorder = new MetricsRecorder(config.metrics(), ticker, breakerView,
                isolator.strategy() == IsolationStrategy.SEMAPHORE ? isolator::inFlightAbove : null);
        this.hooks = new GuardHooks(this);
        List<Admission> policies = new ArrayList<>();
        policies.add(breaker);
        this.rateLimiter = new RateLimiter(config.rateLimit(), registry.scheduler());
        this.rateLimiterView = RateLimiterView.of(rateLimiter);
        // rateLimit.enabled is fixed at creation (its row says so): a guard without one keeps one
        // admission per group (no permits array).
        if (config.rateLimit().enabled()) {
            policies.add(rateLimiter); // after the breaker: a short-circuited call spends no rate permit
        }
        policies.addAll(b.attemptPolicies);
        this.priorityGate = new PriorityGate(config.priority(), isolator::limit, isolator::waiting, isolator::maxWaitNanos, ticker.read());
        this.priorityView = PriorityView.of(priorityGate, config.priority().enabled());
        // priority.enabled is fixed at creation: a guard without priorities has no admission more, and its
        // pipeline never reads a call's criticality. Held until the work ends, entered right before the isolation.
        if (config.priority().enabled()) {
            policies.add(priorityGate);
        }
        this.pipeline = new Pipeline(hooks, ticker, registry.scheduler(), policies, isolator, recorder, chaos);
    }

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
     * the semaphore, virtual and fallback limits take effect for the next call. The properties the
     * table marks fixed (the isolation strategy, the rolling-window geometry, the breaker's window type
     * and size and its initial mode, whether calls are rate-limited) keep their creation values; if
     * {@code next} changes one, the rest is applied and false is returned. The adaptive limit ({@code limit.*}: an unchanged part keeps the running
     * algorithm, a new one starts from the limit in force, NONE restores the static limit) and the rate
     * limiter's parameters are live too.
     */
    public boolean reconfigure(GuardConfig next) {
        Objects.requireNonNull(next, "config");
        // The table decides what is fixed. Invariant: config's fixed properties hold their creation values.
        GuardConfig taken = GuardConfig.scope().keepFixed(config, next);
        Classifier classifying = classifierFor(taken.classify()); // first: a refusal changes nothing
        if (chaos != null) {
            chaos.reconfigure(taken.chaos(), ticker.read()); // a fault name the registry lacks: refused, nothing changed
        }
        isolator.resize(taken.isolation().semaphoreMaxConcurrentRequests(), taken.isolation().virtualMaxConcurrentRequests());
        isolator.setMaxWait(taken.isolation().semaphoreMaxWait().toNanos(), taken.isolation().virtualMaxWait().toNanos());
        isolator.adapt(taken.limit(), dropAfterNanos(taken));
        rateLimiter.reconfigure(taken.rateLimit());
        priorityGate.reconfigure(taken.priority());
        fallbackPermits.setLimit(taken.fallback().maxConcurrentRequests());
        recorder.reconfigure(taken.metrics());
        CircuitBreakers.reconfigure(breaker, taken.breaker());
        classifier = classifying;
        config = taken;
        return taken == next;
    }

    /** The code's classifier with {@code declared} added; refuses a predicate name the registry does not know. */
    private Classifier classifierFor(ClassifyConfig declared) {
        String name = declared.recordResultPredicate();
        java.util.function.Predicate<Object> rule = null;
        if (!name.isEmpty()) {
            rule = registry.resultPredicates().find(name);
            if (rule == null) {
                throw new InvalidConfigException("firebreak.command." + this.name + ".recordResultPredicate", name,
                        "must name a result predicate the registry knows");
            }
        }
        return codeClassifier.with(declared, rule);
    }

    private static long dropAfterNanos(GuardConfig c) {
        return c.timeout().enabled() ? c.timeout().timeoutNanos() : Long.MAX_VALUE; // work past it is a drop
    }

    /** The isolation strategy, fixed at creation. */
    public IsolationStrategy isolationStrategy() {
        return isolator.strategy();
    }

    /** The isolation, read-only: its strategy, limit, permits in flight and refusal event. */
    public IsolationView isolator() {
        return isolationView;
    }

    /** The thread pool under THREAD isolation, else null. */
    public GuardThreadPool threadPool() {
        return isolator.pool().orElse(null);
    }

    /**
     * The circuit breaker: its state and mode on the registry's clock, its transitions, and the
     * operator's transitions (force open or closed, disable, metrics only, reset, back to automatic).
     */
    public CircuitBreakerView circuitBreaker() {
        return breakerView;
    }

    /** The guard's rate limiter, read-only ({@code rateLimit.*}; in the pipeline only if enabled at creation). */
    public RateLimiterView rateLimiter() {
        return rateLimiterView;
    }

    /**
     * The guard's priority-aware limit, read-only ({@code priority.*}; in the pipeline only if enabled at
     * creation): the rejection threshold, refusals and calls in flight per criticality, its listeners.
     */
    public PriorityView priorities() {
        return priorityView;
    }

    /** Whether this guard refuses by criticality ({@code priority.enabled} at creation). */
    boolean prioritized() {
        return priorityView.enabled();
    }

    /**
     * The guard's failure classification in force (which exceptions are ignored, which results fail):
     * the code's, with what the configuration declares ({@link GuardConfig#classify()}) added.
     */
    public Classifier classifier() {
        return classifier;
    }

    /**
     * The guard's fault injection, read-only ({@code chaos.*}): whether the registry allows it, whether it
     * injects now, and the faults injected so far.
     */
    public ChaosView chaos() {
        return chaos == null ? ChaosView.notAllowed() : chaos.view();
    }

    /** The guard's metrics (read-only: only the guard's pipeline records). */
    public GuardMetrics metrics() {
        return recorder.metrics();
    }

    /** The registry the guard belongs to. */
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

    /** The most isolation permits ever held at once. */
    public int peakPermitsInFlight() {
        return isolator.peakInFlight();
    }

    /** Fallback permits held now. */
    public int fallbacksInFlight() {
        return fallbackPermits.inFlight();
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

    /** Subscribes to every call of the guard. */
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

    Pipeline pipeline() {
        return pipeline;
    }

    Ticker ticker() {
        return ticker;
    }

    Bulkhead fallbackPermits() {
        return fallbackPermits;
    }

    List<GuardListener> listeners() {
        return listeners;
    }

    /**
     * Starts the observation of a call the request cache answers, on the caller's thread, if a tracer is
     * installed (null otherwise): such a call is a guarded call too, so it has its span.
     */
    CallTrace traceFromCache(CallTracer.CallMode mode) {
        CallTracer tracer = hooks.tracer();
        return tracer == null ? null : CallTrace.start(tracer, hooks.traced(), mode);
    }

    /** A call answered from the request cache: no admission, recorded and reported like any call. */
    void reportFromCache(long events, long totalNanos) {
        recorder.record(events, 0L, totalNanos, ticker.read());
        hooks.report(events, 0L, totalNanos);
    }
}
