package dev.firebreak.hedge;

import dev.firebreak.Fallback;
import dev.firebreak.Guard;
import dev.firebreak.GuardedCall;
import dev.firebreak.config.InvalidConfigException;
import dev.firebreak.callpolicy.CallPolicy;
import dev.firebreak.callpolicy.Awaiting;
import dev.firebreak.callpolicy.RetryAfterAware;
import dev.firebreak.callpolicy.ServerDelay;
import dev.firebreak.callpolicy.ServerDelays;
import dev.firebreak.callpolicy.RetryBudget;
import dev.firebreak.event.ListenerFailures;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Hedged requests: a call policy composed from outside its {@link Guard}, through the guard's public
 * API only. When an {@link Idempotent} call has not answered after the hedge delay (fixed, or a
 * rolling percentile of the guard's own execution latency, p95 by default), another attempt starts
 * while the first still runs, up to {@code maxHedges} more; the first answer wins (a value, or a bad
 * request, which another attempt would repeat) and the other attempts are cancelled: CANCELLED in the
 * guard, interrupted if the guard's {@code interruptOnCancel}, a pending stage cancelled. Each attempt
 * is one guarded call with its own breaker permit, isolation permit, timeout and metrics (its fallback
 * {@linkplain Fallback#deferred() deferred} to the policy), so a loser
 * never outlives its cancel by more than its own timeout. Hedges are limited by a {@link RetryBudget}
 * shared by every caller of the policy.
 *
 * <pre>{@code
 * Hedge users = Hedge.named("users").through(usersGuard).build();          // p95, 1 hedge, 5 % budget
 * CompletableFuture<User> user = users.submit(Idempotent.call(() -> client.user(id)));
 * }</pre>
 *
 * <p>If every attempt fails, the call fails with the last failure, or the fallback runs once, after
 * the last attempt; given {@link Fallback#deferred()}, as a {@code Retry} gives each of its attempts
 * ({@code Retry.submit(Hedge, ...)}), the failure completes the future as it is, no caller's outcome yet.
 * A failure does not start a hedge early: hedging is for slowness, {@code Retry} for failures. Calls not marked idempotent run once. Under SEMAPHORE isolation a blocking call runs on the
 * caller's thread and cannot be taken back: hedge blocking calls on THREAD or VIRTUAL guards, or use
 * {@link #submitAsync}.
 *
 * <p>A server's "not before" ({@code Retry-After} on a 429 or 503: an answer that is {@link RetryAfterAware}
 * or that {@link Builder#serverDelayOnException}/{@link Builder#serverDelayOnResult} classifies) ends the
 * call's hedging: no further hedge starts for it (so none is paid from the budget), the attempts already in
 * flight run on, and the first definitive answer among them wins; if none comes, that answer is the
 * call's outcome (a value is returned, a failure fails the call or runs the fallback), for an outer
 * {@code Retry} to wait for.
 */
public final class Hedge extends CallPolicy<HedgeConfig> {

    private final Executor hedgeExecutor;
    private final HedgeDelay delay;
    private final ServerDelays serverDelays;
    private final HedgeMetrics metrics = new HedgeMetrics();
    private final CopyOnWriteArrayList<HedgeListener> listeners = new CopyOnWriteArrayList<>();

    private Hedge(Builder b, HedgeConfig config) {
        super(b.name, b.guard, config, HedgeConfig.scope());
        this.hedgeExecutor = b.hedgeExecutor != null ? b.hedgeExecutor : virtualThreads("hedge", b.name);
        this.delay = new HedgeDelay(b.guard);
        this.serverDelays = b.serverDelays;
    }

    /** Starts building a hedging policy named {@code name} (its properties: {@code firebreak.hedge.<name>.*}). */
    public static Builder named(String name) {
        return new Builder(name);
    }

    /** Runs {@code call} (hedged if {@link Idempotent}) and waits for its outcome. */
    public <T> T execute(GuardedCall<T> call, Fallback<T> fallback) {
        return Awaiting.outcome(submit(call, fallback), name());
    }

    /** Like {@link #execute(GuardedCall, Fallback)} without a fallback. */
    public <T> T execute(GuardedCall<T> call) {
        return execute(call, null);
    }

    /** Runs {@code call}, each attempt with the guard's {@code submit}; hedged only if it is {@link Idempotent.Call}. */
    public <T> CompletableFuture<T> submit(GuardedCall<T> call, Fallback<T> fallback) {
        Objects.requireNonNull(call, "call");
        if (!(call instanceof Idempotent.Call<T>)) {
            return guard().submit(call, fallback);
        }
        return HedgeExecution.start(this, () -> guard().submit(call, Fallback.deferred()), fallback);
    }

    /** Like {@link #submit(GuardedCall, Fallback)} without a fallback. */
    public <T> CompletableFuture<T> submit(GuardedCall<T> call) {
        return submit(call, null);
    }

    /** Runs a non-blocking call, each attempt with the guard's {@code submitAsync}; hedged only if {@link Idempotent.Stage}. */
    public <T> CompletableFuture<T> submitAsync(Supplier<? extends CompletionStage<T>> call, Fallback<T> fallback) {
        Objects.requireNonNull(call, "call");
        if (!(call instanceof Idempotent.Stage<?>)) {
            return guard().submitAsync(call, fallback);
        }
        return HedgeExecution.start(this, () -> guard().submitAsync(call, Fallback.deferred()), fallback);
    }

    /**
     * Hedges attempts the caller makes through this policy's guard itself, each one call with
     * {@link Fallback#deferred()}: for a call whose answer is known before its guarded call ends, such as a
     * stream's first element. Each stage should be a {@code CompletableFuture}, so that cancelling a loser
     * reaches its attempt.
     */
    public <T> CompletableFuture<T> submitAttempts(Idempotent.Stage<T> attempt, Fallback<T> fallback) {
        Objects.requireNonNull(attempt, "attempt");
        return HedgeExecution.start(this, () -> attempt.get().toCompletableFuture(), fallback);
    }

    /** Like {@link #submitAsync(Supplier, Fallback)} without a fallback. */
    public <T> CompletableFuture<T> submitAsync(Supplier<? extends CompletionStage<T>> call) {
        return submitAsync(call, null);
    }

    /** The delay a call starting now would hedge after, or empty while there is no percentile yet. */
    public java.util.Optional<Duration> currentDelay() {
        long nanos = delayNanos(guard().controls().registry().ticker().read(), config());
        return nanos < 0 ? java.util.Optional.empty() : java.util.Optional.of(Duration.ofNanos(nanos));
    }

    /** The policy's counts. */
    public HedgeMetrics metrics() {
        return metrics;
    }

    /** Subscribes to every hedge this policy starts (see {@link HedgeListener}). */
    public void addListener(HedgeListener listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
    }

    /** Unsubscribes a listener added with {@link #addListener}. */
    public void removeListener(HedgeListener listener) {
        listeners.remove(listener);
    }

    /** Tells the listeners that attempt {@code attempt} starts {@code sinceStartNanos} into its call. */
    void hedging(int attempt, long sinceStartNanos) {
        if (listeners.isEmpty()) {
            return;
        }
        Duration since = Duration.ofNanos(sinceStartNanos);
        for (HedgeListener listener : listeners) {
            ListenerFailures.notify(listener, "a hedge of policy '" + name() + "'",
                    () -> listener.onHedge(name(), attempt, since));
        }
    }

    /** Tells the listeners that attempt {@code attempt} answered with a server's delay of {@code nanos}. */
    void serverDelayed(int attempt, long nanos) {
        if (listeners.isEmpty()) {
            return;
        }
        Duration serverDelay = Duration.ofNanos(nanos);
        for (HedgeListener listener : listeners) {
            ListenerFailures.notify(listener, "a server delay of policy '" + name() + "'",
                    () -> listener.onServerDelay(name(), attempt, serverDelay));
        }
    }

    ServerDelays serverDelays() {
        return serverDelays;
    }

    long delayNanos(long nowNanos, HedgeConfig c) {
        return delay.nanos(c, nowNanos);
    }

    Executor hedgeExecutor() {
        return hedgeExecutor;
    }

    @Override
    public String toString() {
        return "Hedge[" + name() + " through " + guard().name() + "]";
    }

    /** Builds a {@link Hedge}. */
    public static final class Builder {
        private final String name;
        private final HedgeConfig.Builder config = HedgeConfig.builder();
        private Guard guard;
        private Executor hedgeExecutor;
        private ServerDelays serverDelays = ServerDelays.DEFAULT;

        Builder(String name) {
            this.name = requireName("hedging", name);
        }

        /** The guard every attempt goes through (required); its registry's clock times the hedges. */
        public Builder through(Guard value) {
            guard = Objects.requireNonNull(value, "guard");
            return this;
        }

        /** The policy's properties: {@code .configure(c -> c.percentile(99).maxHedges(2))}. */
        public Builder configure(Consumer<HedgeConfig.Builder> change) {
            change.accept(config);
            return this;
        }

        /**
         * Reads a server's delay ({@code Retry-After}) off a failed attempt's exception (the user's own,
         * inside the guard's FAILURE), for exceptions that are not {@link RetryAfterAware} themselves.
         */
        public Builder serverDelayOnException(ServerDelay<? super Throwable> classifier) {
            serverDelays = serverDelays.onException(classifier);
            return this;
        }

        /**
         * Reads a server's delay off a returned value (an HTTP response with status 429 or 503 and its
         * {@code Retry-After}): such a value does not win over the attempts in flight, and ends hedging.
         */
        public Builder serverDelayOnResult(ServerDelay<Object> classifier) {
            serverDelays = serverDelays.onResult(classifier);
            return this;
        }

        /**
         * Where hedges start (default: a new virtual thread each); never the timer thread. Tests on a
         * manual clock pass {@code Runnable::run}.
         */
        public Builder hedgeExecutor(Executor executor) {
            hedgeExecutor = Objects.requireNonNull(executor, "executor");
            return this;
        }

        /** Validates and builds; throws {@link InvalidConfigException} naming key, value and rule. */
        public Hedge build() {
            requireGuard("hedge", name, guard);
            Hedge built = new Hedge(this, config.build());
            HedgeRegistry.of(guard.controls().registry()).add(built);
            return built;
        }
    }
}
