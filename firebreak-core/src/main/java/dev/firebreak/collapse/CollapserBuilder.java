package dev.firebreak.collapse;

import dev.firebreak.Guard;
import dev.firebreak.time.Scheduler;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Builds a {@link Collapser}: {@link #through(Guard)} and one of {@link #batch} or
 * {@link #batchAsync} are required; every property has Hystrix's default.
 *
 * @param <A> a request's argument
 * @param <R> a request's value
 */
public final class CollapserBuilder<A, R> {
    final CollapserRegistry registry;
    final String name;
    Guard guard;
    BatchCall<A, ?, R> batchCall;
    Scope scope = Scope.GLOBAL;
    Function<? super A, ?> shardKey;
    Function<? super A, ?> cacheKey;
    RequestFallback<A, R> fallback;
    Duration requestTimeout;
    CollapserConfig config = CollapserConfig.defaults();
    Scheduler windowScheduler;

    CollapserBuilder(CollapserRegistry registry, String name) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a collapser needs a non-blank name");
        }
        this.registry = registry;
        this.name = name;
    }

    /** The guard every batch call goes through (its isolation, timeout, breaker and bound apply). */
    public CollapserBuilder<A, R> through(Guard guard) {
        this.guard = Objects.requireNonNull(guard, "guard");
        return this;
    }

    /**
     * The blocking batch call and how its response maps back; run with {@code guard.submit}, so give
     * the guard THREAD or VIRTUAL isolation (a SEMAPHORE guard would run it on the dispatching thread:
     * refused at build).
     */
    public <B> CollapserBuilder<A, R> batch(BatchFunction<A, ? extends B> call, ResponseMapping<A, B, R> mapping) {
        this.batchCall = new BatchCall<>(name, null, Objects.requireNonNull(call, "call"), null,
                Objects.requireNonNull(mapping, "mapping"));
        return this;
    }

    /** The non-blocking batch call and how its response maps back; run with {@code guard.submitAsync}. */
    public <B> CollapserBuilder<A, R> batchAsync(AsyncBatchFunction<A, ? extends B> call, ResponseMapping<A, B, R> mapping) {
        this.batchCall = new BatchCall<>(name, null, null, Objects.requireNonNull(call, "call"),
                Objects.requireNonNull(mapping, "mapping"));
        return this;
    }

    /** GLOBAL (default) or REQUEST. */
    public CollapserBuilder<A, R> scope(Scope scope) {
        this.scope = Objects.requireNonNull(scope, "scope");
        return this;
    }

    /** Splits each batch into one call per distinct key (by {@code equals}), in order of first appearance. */
    public CollapserBuilder<A, R> shardBy(Function<? super A, ?> shardKey) {
        this.shardKey = Objects.requireNonNull(shardKey, "shardKey");
        return this;
    }

    /** The request-cache key of a request: inside a request context, one request per key runs. */
    public CollapserBuilder<A, R> cacheKey(Function<? super A, ?> cacheKey) {
        this.cacheKey = Objects.requireNonNull(cacheKey, "cacheKey");
        return this;
    }

    /** What a request returns when it cannot get its answer (see {@link RequestFallback}). */
    public CollapserBuilder<A, R> fallback(RequestFallback<A, R> fallback) {
        this.fallback = Objects.requireNonNull(fallback, "fallback");
        return this;
    }

    /**
     * Each request's own deadline, from its submission: past it, the request completes with a
     * TIMEOUT {@link CollapseException} (or its fallback) wherever it is. Default: twice the guard's
     * timeout plus the window and the linger.
     */
    public CollapserBuilder<A, R> requestTimeout(Duration timeout) {
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("requestTimeout must be positive, was " + timeout);
        }
        this.requestTimeout = timeout;
        return this;
    }

    /**
     * The scheduler that closes the batch windows (TIMER's window, LOAD_AWARE's linger and pacing
     * timers); default: the registry's. For a caller that drives the windows with its own timer (the
     * Hystrix bridge's injected {@code CollapserTimer}). The requests' own deadlines stay on the
     * registry's scheduler, and time is still read from the registry's ticker.
     */
    public CollapserBuilder<A, R> windowScheduler(Scheduler windowScheduler) {
        this.windowScheduler = Objects.requireNonNull(windowScheduler, "windowScheduler");
        return this;
    }

    /** The whole configuration. */
    public CollapserBuilder<A, R> config(CollapserConfig config) {
        this.config = Objects.requireNonNull(config, "config");
        return this;
    }

    /** Changes properties: {@code .configure(c -> c.timerDelay(Duration.ofMillis(100)))}. */
    public CollapserBuilder<A, R> configure(Consumer<CollapserConfig.Builder> change) {
        CollapserConfig.Builder builder = config.toBuilder();
        change.accept(builder);
        this.config = builder.build();
        return this;
    }

    /** Validates, builds and registers the collapser; a name already taken throws. */
    public Collapser<A, R> build() {
        if (guard == null) {
            throw new IllegalStateException("collapser " + name + ": give the batch guard with through(guard)");
        }
        if (batchCall == null) {
            throw new IllegalStateException("collapser " + name + ": give the batch call with batch(...) or batchAsync(...)");
        }
        if (guard.controls().registry() != registry.guards()) {
            throw new IllegalStateException("collapser " + name + ": guard " + guard.name()
                    + " belongs to another registry (one registry, one clock)");
        }
        if (batchCall.isBlocking() && guard.controls().isolator().runsOnCaller()) {
            throw new IllegalStateException("collapser " + name + ": a blocking batch through SEMAPHORE guard "
                    + guard.name() + " would run on the timer or a caller's thread; use THREAD or VIRTUAL "
                    + "isolation, or batchAsync");
        }
        batchCall = batchCall.withGuard(guard);
        config = registry.guards().configResolver().resolve(CollapserConfig.scope(), name, config); // dynamic values at creation
        Collapser<A, R> collapser = new Collapser<>(this);
        registry.register(collapser);
        return collapser;
    }
}
