package dev.firebreak.hedge;

import dev.firebreak.Fallback;
import dev.firebreak.Guard;
import dev.firebreak.GuardedCall;
import dev.firebreak.config.InvalidConfigException;
import dev.firebreak.config.Reconfigurable;
import dev.firebreak.retry.Awaiting;
import dev.firebreak.retry.RetryBudget;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.ThreadFactory;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Hedged requests: a call policy composed from outside its {@link Guard}, through the guard's public
 * API only. When an {@link Idempotent} call has not answered after the hedge delay (fixed, or a
 * rolling percentile of the guard's own execution latency, p95 by default), another attempt starts
 * while the first still runs, up to {@code maxHedges} more; the first answer wins (a value, or a bad
 * request, which another attempt would repeat) and the other attempts are cancelled: CANCELLED in the
 * guard, interrupted if the guard's {@code interruptOnCancel}, a pending stage cancelled. Each attempt
 * is one guarded call with its own breaker permit, isolation permit, timeout and metrics, so a loser
 * never outlives its cancel by more than its own timeout. Hedges are limited by a {@link RetryBudget}
 * shared by every caller of the policy.
 *
 * <pre>{@code
 * Hedge users = Hedge.named("users").through(usersGuard).build();          // p95, 1 hedge, 5 % budget
 * CompletableFuture<User> user = users.submit(Idempotent.call(() -> client.user(id)));
 * }</pre>
 *
 * <p>If every attempt fails, the call fails with the last failure, or the fallback runs once, after
 * the last attempt. A failure does not start a hedge early: hedging is for slowness, {@code Retry} for
 * failures. Calls not marked idempotent run once. Under SEMAPHORE isolation a blocking call runs on the
 * caller's thread and cannot be taken back: hedge blocking calls on THREAD or VIRTUAL guards, or use
 * {@link #submitAsync}.
 */
public final class Hedge implements Reconfigurable<HedgeConfig> {

    private final String name;
    private final Guard guard;
    private final Executor hedgeExecutor;
    private final RetryBudget budget;
    private final HedgeDelay delay;
    private final HedgeMetrics metrics = new HedgeMetrics();
    private final HedgeConfig fromCode;
    private volatile HedgeConfig config;

    private Hedge(Builder b, HedgeConfig config) {
        this.name = b.name;
        this.guard = b.guard;
        this.hedgeExecutor = b.hedgeExecutor != null ? b.hedgeExecutor : virtualThreads(b.name);
        this.fromCode = config;
        this.config = config;
        this.delay = new HedgeDelay(guard);
        this.budget = new RetryBudget(config.budgetWindow(), config.budgetPercent(), config.budgetMinPerSecond(),
                guard.policy().registry().ticker().read());
    }

    /** Starts building a hedging policy named {@code name} (its properties: {@code firebreak.hedge.<name>.*}). */
    public static Builder named(String name) {
        return new Builder(name);
    }

    /** Runs {@code call} (hedged if {@link Idempotent}) and waits for its outcome. */
    public <T> T execute(GuardedCall<T> call, Fallback<T> fallback) {
        return Awaiting.outcome(submit(call, fallback), name);
    }

    /** Like {@link #execute(GuardedCall, Fallback)} without a fallback. */
    public <T> T execute(GuardedCall<T> call) {
        return execute(call, null);
    }

    /** Runs {@code call}, each attempt with the guard's {@code submit}; hedged only if it is {@link Idempotent.Call}. */
    public <T> CompletableFuture<T> submit(GuardedCall<T> call, Fallback<T> fallback) {
        Objects.requireNonNull(call, "call");
        if (!(call instanceof Idempotent.Call<T>)) {
            return guard.submit(call, fallback);
        }
        return HedgeExecution.start(this, () -> guard.submit(call), fallback);
    }

    /** Like {@link #submit(GuardedCall, Fallback)} without a fallback. */
    public <T> CompletableFuture<T> submit(GuardedCall<T> call) {
        return submit(call, null);
    }

    /** Runs a non-blocking call, each attempt with the guard's {@code submitAsync}; hedged only if {@link Idempotent.Stage}. */
    public <T> CompletableFuture<T> submitAsync(Supplier<? extends CompletionStage<T>> call, Fallback<T> fallback) {
        Objects.requireNonNull(call, "call");
        if (!(call instanceof Idempotent.Stage<?>)) {
            return guard.submitAsync(call, fallback);
        }
        return HedgeExecution.start(this, () -> guard.submitAsync(call), fallback);
    }

    /** Like {@link #submitAsync(Supplier, Fallback)} without a fallback. */
    public <T> CompletableFuture<T> submitAsync(Supplier<? extends CompletionStage<T>> call) {
        return submitAsync(call, null);
    }

    @Override
    public String name() {
        return name;
    }

    /** The guard every attempt goes through. */
    public Guard guard() {
        return guard;
    }

    /** The configuration the policy was built with: what live configuration applies its properties over. */
    public HedgeConfig configFromCode() {
        return fromCode;
    }

    @Override
    public HedgeConfig config() {
        return config;
    }

    /** Applies {@code next} to the next calls; the budget window is fixed at creation (false if it differed). */
    @Override
    public boolean reconfigure(HedgeConfig next) {
        Objects.requireNonNull(next, "config");
        budget.reconfigure(next.budgetPercent(), next.budgetMinPerSecond());
        boolean windowKept = next.budgetWindow().equals(config.budgetWindow());
        config = windowKept ? next : next.toBuilder().budgetWindow(config.budgetWindow()).build();
        return windowKept;
    }

    /**
     * Applies properties {@code firebreak.hedge.<name>.*} (and {@code firebreak.hedge.default.*}), all
     * or nothing.
     *
     * @return the configuration now in force
     * @throws InvalidConfigException naming the key, the value and the rule; the last valid policy stays
     */
    public HedgeConfig reconfigure(Map<String, String> properties) {
        reconfigure(HedgeProperties.TABLE.apply(name, config, properties));
        return config;
    }

    /** The delay a call starting now would hedge after, or empty while there is no percentile yet. */
    public java.util.Optional<Duration> currentDelay() {
        long nanos = delayNanos(guard.policy().registry().ticker().read(), config);
        return nanos < 0 ? java.util.Optional.empty() : java.util.Optional.of(Duration.ofNanos(nanos));
    }

    /** The policy's counts. */
    public HedgeMetrics metrics() {
        return metrics;
    }

    /** The hedge budget shared by every caller of this policy. */
    public RetryBudget budget() {
        return budget;
    }

    long delayNanos(long nowNanos, HedgeConfig c) {
        return delay.nanos(c, nowNanos);
    }

    Executor hedgeExecutor() {
        return hedgeExecutor;
    }

    @Override
    public String toString() {
        return "Hedge[" + name + " through " + guard.name() + "]";
    }

    private static Executor virtualThreads(String name) {
        ThreadFactory factory = Thread.ofVirtual().name("firebreak-hedge-" + name + "-", 1).factory();
        return task -> factory.newThread(task).start();
    }

    /** Builds a {@link Hedge}. */
    public static final class Builder {
        private final String name;
        private final HedgeConfig.Builder config = HedgeConfig.builder();
        private Guard guard;
        private Executor hedgeExecutor;

        Builder(String name) {
            if (name == null || name.isBlank()) {
                throw new IllegalArgumentException("a hedging policy needs a non-blank name");
            }
            this.name = name;
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
         * Where hedges start (default: a new virtual thread each); never the timer thread. Tests on a
         * manual clock pass {@code Runnable::run}.
         */
        public Builder hedgeExecutor(Executor executor) {
            hedgeExecutor = Objects.requireNonNull(executor, "executor");
            return this;
        }

        /** Validates and builds; throws {@link InvalidConfigException} naming key, value and rule. */
        public Hedge build() {
            if (guard == null) {
                throw new IllegalStateException("hedge " + name + " needs a guard: call through(guard)");
            }
            Hedge built = new Hedge(this, config.build());
            HedgeRegistry.of(guard.policy().registry()).register(built);
            return built;
        }
    }
}
