package dev.firebreak.retry;

import dev.firebreak.callpolicy.Awaiting;
import dev.firebreak.callpolicy.CallPolicy;
import dev.firebreak.callpolicy.RetryAfterAware;
import dev.firebreak.callpolicy.RetryBudget;
import dev.firebreak.callpolicy.ServerDelay;
import dev.firebreak.callpolicy.ServerDelays;
import dev.firebreak.Fallback;
import dev.firebreak.Guard;
import dev.firebreak.GuardedCall;
import dev.firebreak.config.InvalidConfigException;
import dev.firebreak.event.ListenerFailures;
import dev.firebreak.hedge.Hedge;
import dev.firebreak.hedge.Idempotent;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;
import java.util.function.DoubleSupplier;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Retries a guarded call: a call policy composed from outside its {@link Guard}, through the guard's
 * public API only, so every attempt is one guarded call with its own breaker permit, isolation
 * permit, timeout, events and metrics.
 *
 * <pre>{@code
 * Retry users = Retry.named("users").through(usersGuard)
 *     .configure(c -> c.maxAttempts(3).backoff(Duration.ofMillis(20), Duration.ofMillis(500), 2))
 *     .build();
 * User user = users.execute(() -> client.user(id), failure -> User.unknown());
 * }</pre>
 *
 * <p>One call, in order: (1) the call is counted in the {@link RetryBudget}; (2) attempt 1 runs through
 * the guard, its fallback {@linkplain Fallback#deferred() deferred} to the policy (the guard records the
 * attempt's own event, never a fallback's); (3) if its outcome is retried ({@link RetryDecision}:
 * FAILURE and TIMEOUT by default, never SHORT_CIRCUITED, rejections or bad requests), attempts remain, the wait
 * (exponential, with {@link Jitter}) ends before the deadline and the budget grants an extra attempt, the next attempt
 * is scheduled on the registry's {@code Scheduler} (no thread waits) and started on the attempt
 * executor; otherwise (4) the last attempt's outcome is the call's: its value, or the fallback, run
 * once, after the last attempt, or its exception.
 *
 * <p>A server's "not before" ({@code Retry-After} on a 429 or 503): an answer that is
 * {@link RetryAfterAware}, or that {@link Builder#serverDelayOnException}/{@link Builder#serverDelayOnResult}
 * classifies, is retried (when its outcome is retried at all) after the larger of the backoff and the
 * server's delay; jitter never shortens it. If that delay would end at or past the deadline, or is longer
 * than {@code serverDelay.maxInMilliseconds}, no retry is made: the call ends at once with that answer,
 * without waiting, and no budget or throttle is asked. A retry that does wait for the server is an extra
 * attempt like any other: it takes one budget token when it is decided (no attempt is ever sent before
 * the server's time, so none is paid for), and the answer feeds the throttle as a retried outcome.
 *
 * <p>Every call completes exactly once. Cancelling the returned future cancels the attempt in flight
 * (interrupted if the guard's {@code interruptOnCancel}) or the pending wait.
 */
public final class Retry extends CallPolicy<RetryConfig> {

    private final RetryDecision decision;
    private final ServerDelays serverDelays;
    private final Executor attemptExecutor;
    private final DoubleSupplier random;
    private final RetryMetrics metrics = new RetryMetrics();
    private final CopyOnWriteArrayList<RetryListener> listeners = new CopyOnWriteArrayList<>();

    private Retry(Builder b, RetryConfig config) {
        super(b.name, b.guard, config, RetryConfig.scope());
        this.decision = new RetryDecision(b.onException, b.onResult);
        this.serverDelays = b.serverDelays;
        this.attemptExecutor = b.attemptExecutor != null ? b.attemptExecutor : virtualThreads("retry", b.name);
        this.random = b.random != null ? b.random : () -> ThreadLocalRandom.current().nextDouble();
    }

    /** Starts building a retry policy named {@code name} (its properties: {@code firebreak.retry.<name>.*}). */
    public static Builder named(String name) {
        return new Builder(name);
    }

    /** Runs {@code call} with retries and waits for its outcome; with no fallback a failure throws. */
    public <T> T execute(GuardedCall<T> call) {
        return execute(call, null);
    }

    /**
     * Runs {@code call} with retries and waits for its value, the fallback's (run once, after the last
     * attempt) or the last attempt's exception. If this thread is interrupted while waiting, the call
     * is cancelled and a CancellationException thrown with the interrupt flag restored.
     */
    public <T> T execute(GuardedCall<T> call, Fallback<T> fallback) {
        return Awaiting.outcome(submit(call, fallback), name());
    }

    /** Like {@link #submit(GuardedCall, Fallback)} without a fallback. */
    public <T> CompletableFuture<T> submit(GuardedCall<T> call) {
        return submit(call, null);
    }

    /** Runs {@code call} with retries, each attempt with the guard's {@code submit}; returns at once. */
    public <T> CompletableFuture<T> submit(GuardedCall<T> call, Fallback<T> fallback) {
        Objects.requireNonNull(call, "call");
        return RetryExecution.start(this, () -> guard().submit(call, Fallback.deferred()), fallback);
    }

    /** Like {@link #submitAsync(Supplier, Fallback)} without a fallback. */
    public <T> CompletableFuture<T> submitAsync(Supplier<? extends CompletionStage<T>> call) {
        return submitAsync(call, null);
    }

    /** Runs a non-blocking call with retries, each attempt with the guard's {@code submitAsync}. */
    public <T> CompletableFuture<T> submitAsync(Supplier<? extends CompletionStage<T>> call, Fallback<T> fallback) {
        Objects.requireNonNull(call, "call");
        return RetryExecution.start(this, () -> guard().submitAsync(call, Fallback.deferred()), fallback);
    }

    /**
     * Runs {@code call} with retries, each attempt one hedged call of {@code hedge} (retry outside, each
     * of its attempts hedged, each hedge attempt one guarded call): the retry decides on the hedged call's
     * outcome (its first value, or its last failure) and runs {@code fallback} once, after its last
     * attempt. This policy's budget counts the retries, the hedge's its hedges.
     *
     * @throws IllegalArgumentException if {@code hedge} goes through another guard than this retry
     */
    public <T> CompletableFuture<T> submit(Hedge hedge, Idempotent.Call<T> call, Fallback<T> fallback) {
        Objects.requireNonNull(call, "call");
        requireSameGuard(hedge);
        return RetryExecution.start(this, () -> hedge.submit(call, Fallback.deferred()), fallback);
    }

    /** The non-blocking form of {@link #submit(Hedge, Idempotent.Call, Fallback)}. */
    public <T> CompletableFuture<T> submitAsync(Hedge hedge, Idempotent.Stage<T> call, Fallback<T> fallback) {
        Objects.requireNonNull(call, "call");
        requireSameGuard(hedge);
        return RetryExecution.start(this, () -> hedge.submitAsync(call, Fallback.deferred()), fallback);
    }

    /**
     * Runs attempts the caller makes through this retry's guard itself, each one call with
     * {@link Fallback#deferred()} (or a call of another policy through that guard, deferred likewise): for
     * a call whose outcome is known before its guarded call ends, such as a stream's first element. Each
     * stage should be a {@code CompletableFuture}, so that cancelling it (the caller's cancel, the deadline)
     * reaches the attempt.
     */
    public <T> CompletableFuture<T> submitAttempts(Supplier<? extends CompletionStage<T>> attempt, Fallback<T> fallback) {
        Objects.requireNonNull(attempt, "attempt");
        return RetryExecution.start(this, () -> attempt.get().toCompletableFuture(), fallback);
    }

    private void requireSameGuard(Hedge hedge) {
        Objects.requireNonNull(hedge, "hedge");
        if (hedge.guard() != guard()) {
            throw new IllegalArgumentException("retry '" + name() + "' goes through guard '" + guard().name()
                    + "' and hedge '" + hedge.name() + "' through guard '" + hedge.guard().name()
                    + "'; expected both through the same guard");
        }
    }

    /** The policy's counts. */
    public RetryMetrics metrics() {
        return metrics;
    }

    /** Subscribes to every retry this policy schedules (see {@link RetryListener}). */
    public void addListener(RetryListener listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
    }

    /** Unsubscribes a listener added with {@link #addListener}. */
    public void removeListener(RetryListener listener) {
        listeners.remove(listener);
    }

    /** Tells the listeners that {@code attempt} is retried after {@code waitNanos}, under the one listener rule. */
    void retrying(int attempt, long waitNanos, Throwable cause) {
        if (listeners.isEmpty()) {
            return;
        }
        Duration wait = Duration.ofNanos(waitNanos);
        for (RetryListener listener : listeners) {
            ListenerFailures.notify(listener, "a retry of policy '" + name() + "'",
                    () -> listener.onRetry(name(), attempt, wait, cause));
        }
    }

    /** Tells the listeners that {@code attempt} answered with a server's delay of {@code nanos}, under the one listener rule. */
    void serverDelayed(int attempt, long nanos, boolean honoured) {
        if (listeners.isEmpty()) {
            return;
        }
        Duration delay = Duration.ofNanos(nanos);
        for (RetryListener listener : listeners) {
            ListenerFailures.notify(listener, "a server delay of policy '" + name() + "'",
                    () -> listener.onServerDelay(name(), attempt, delay, honoured));
        }
    }

    RetryDecision decision() {
        return decision;
    }

    ServerDelays serverDelays() {
        return serverDelays;
    }

    Executor attemptExecutor() {
        return attemptExecutor;
    }

    double draw() {
        return random.getAsDouble();
    }

    @Override
    public String toString() {
        return "Retry[" + name() + " through " + guard().name() + "]";
    }

    /** Builds a {@link Retry}. */
    public static final class Builder {
        private final String name;
        private final RetryConfig.Builder config = RetryConfig.builder();
        private Guard guard;
        private Predicate<Throwable> onException = t -> true;
        private Predicate<Object> onResult = v -> false;
        private ServerDelays serverDelays = ServerDelays.DEFAULT;
        private Executor attemptExecutor;
        private DoubleSupplier random;

        Builder(String name) {
            this.name = requireName("retry", name);
        }

        /** The guard every attempt goes through (required); its registry's clock times the waits. */
        public Builder through(Guard value) {
            guard = Objects.requireNonNull(value, "guard");
            return this;
        }

        /** The policy's properties: {@code .configure(c -> c.maxAttempts(4).jitter(Jitter.DECORRELATED))}. */
        public Builder configure(Consumer<RetryConfig.Builder> change) {
            change.accept(config);
            return this;
        }

        /** Retries a FAILURE only when the user's exception passes (default: every one). */
        public Builder retryOnException(Predicate<Throwable> predicate) {
            onException = Objects.requireNonNull(predicate, "predicate");
            return this;
        }

        /** Retries a returned value that passes (default: none); the last attempt's value is returned anyway. */
        public Builder retryOnResult(Predicate<Object> predicate) {
            onResult = Objects.requireNonNull(predicate, "predicate");
            return this;
        }

        /**
         * Reads a server's delay ({@code Retry-After}) off a failed attempt's exception (the user's own,
         * inside the guard's FAILURE), for exceptions that are not {@link RetryAfterAware} themselves. It
         * only times a retry: whether the FAILURE is retried is {@link #retryOnException}'s to say.
         */
        public Builder serverDelayOnException(ServerDelay<? super Throwable> classifier) {
            serverDelays = serverDelays.onException(classifier);
            return this;
        }

        /**
         * Reads a server's delay off a returned value (an HTTP response with status 429 or 503 and its
         * {@code Retry-After}), for values that are not {@link RetryAfterAware} themselves. It only times
         * a retry: whether the value is retried is {@link #retryOnResult}'s to say.
         */
        public Builder serverDelayOnResult(ServerDelay<Object> classifier) {
            serverDelays = serverDelays.onResult(classifier);
            return this;
        }

        /**
         * Where attempts after a wait start (default: a new virtual thread each); never the timer
         * thread. Tests on a manual clock pass {@code Runnable::run}.
         */
        public Builder attemptExecutor(Executor executor) {
            attemptExecutor = Objects.requireNonNull(executor, "executor");
            return this;
        }

        /** The source of uniform draws in [0, 1) for the jitter (default: ThreadLocalRandom). */
        public Builder random(DoubleSupplier source) {
            random = Objects.requireNonNull(source, "random");
            return this;
        }

        /** Validates and builds; throws {@link InvalidConfigException} naming key, value and rule. */
        public Retry build() {
            requireGuard("retry", name, guard);
            Retry built = new Retry(this, config.build());
            RetryRegistry.of(guard.controls().registry()).add(built);
            return built;
        }
    }
}
