package dev.firebreak.retry;

import dev.firebreak.callpolicy.AttemptOutcomes;
import dev.firebreak.callpolicy.PolicyFuture;
import dev.firebreak.callpolicy.PolicyTrace;
import dev.firebreak.context.CarriedCriticality;
import dev.firebreak.context.ContextCarrier;
import dev.firebreak.Fallback;
import dev.firebreak.GuardException;
import dev.firebreak.GuardTimeoutException;
import dev.firebreak.context.RequestContext;
import dev.firebreak.event.EventType;
import dev.firebreak.time.Cancellable;
import dev.firebreak.time.Ticker;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * One call of a {@link Retry}: its attempts, one at a time, and its single outcome.
 *
 * <p>Invariants. At most one attempt is in flight: the next one is only scheduled from the previous
 * one's completion, so {@code attempts} and {@code previousDelayNanos} are confined to the sequence
 * (each step happens-after the last through the attempt future or the scheduler). {@code finished} is
 * claimed by one side-effect-free CAS, by the last attempt's completion or by the caller's cancel;
 * by the deadline's timer or by the caller's cancel; only the winner runs the fallback and completes
 * {@code result}, so the fallback runs at most once and only after the last attempt (the deadline
 * ends the last one). A cancel or the deadline cancels the attempt in flight and the pending wait; an
 * attempt launched or a wait scheduled as the claim lands is cancelled by its own re-check of
 * {@code finished}. The deadline is a hard cap: when it passes the call completes at once (fallback, or
 * a GuardTimeoutException saying the deadline passed), whatever its attempt in flight is doing.
 */
final class RetryExecution<T> {

    private final Retry retry;
    private final Supplier<CompletableFuture<T>> attempt;
    private final Fallback<T> fallback;
    private final RetryConfig config;
    private final Ticker ticker;
    private final Executor executor;
    private final RequestContext context;
    private final long startNanos;
    private final PolicyTrace trace; // null unless the registry's tracer observes this call
    private final AtomicBoolean finished = new AtomicBoolean();
    private final CompletableFuture<T> result = new PolicyFuture<>(() -> finished.compareAndSet(false, true), this::onCancel);
    private volatile int attempts; // written by the sequence only; volatile for the deadline's read
    private long previousDelayNanos;
    private volatile long events; // written by the sequence only; volatile for the deadline's read
    private volatile CompletableFuture<T> current;
    private volatile Cancellable wait;
    private volatile Cancellable deadlineTimer;

    private RetryExecution(Retry retry, Supplier<CompletableFuture<T>> attempt, Fallback<T> fallback) {
        this.retry = retry;
        this.attempt = attempt;
        this.fallback = fallback;
        this.config = retry.config();
        this.ticker = retry.guard().controls().registry().ticker();
        this.context = RequestContext.currentOrNull();
        this.executor = CarriedCriticality.wrap(context == null ? retry.attemptExecutor() : context.wrap(retry.attemptExecutor())); // later attempts at the call's level
        this.startNanos = ticker.read();
        this.trace = PolicyTrace.start(retry.guard().controls().registry(), "retry", retry.name(), retry.guard().name());
    }

    /** Starts the call's first attempt on this thread and returns the caller's future. */
    static <T> CompletableFuture<T> start(Retry retry, Supplier<CompletableFuture<T>> attempt, Fallback<T> fallback) {
        RetryExecution<T> execution = new RetryExecution<>(retry, attempt, fallback);
        retry.metrics().recordCall();
        retry.budget().onCall(execution.startNanos);
        execution.armDeadline();
        execution.launch();
        return execution.result;
    }

    /** Schedules the hard cap, if the policy has a deadline; its outcome is delivered off the timer thread. */
    private void armDeadline() {
        long deadlineNanos = config.deadline().toNanos();
        if (deadlineNanos > 0) {
            deadlineTimer = retry.guard().controls().registry().scheduler()
                    .schedule(deadlineNanos, () -> executor.execute(this::onDeadline));
        }
    }

    private void launch() {
        if (finished.get()) {
            return; // cancelled, or the deadline passed, during the wait
        }
        attempts++;
        retry.metrics().recordAttempt();
        CompletableFuture<T> future;
        try (ContextCarrier.Scope scope = PolicyTrace.attempt(trace, attempts)) { // the attempt's spans are the call's children
            future = attempt.get();
        } catch (Throwable thrown) {
            future = CompletableFuture.failedFuture(thrown);
        }
        current = future;
        if (finished.get()) {
            future.cancel(true);
        }
        future.whenComplete(this::onAttempt);
    }

    private void onAttempt(T value, Throwable thrown) {
        Throwable failure = AttemptOutcomes.unwrap(thrown);
        events |= AttemptOutcomes.eventBit(failure);
        boolean wanted = failure == null ? retry.decision().retriesValue(value) : retry.decision().retries(failure);
        feedThrottle(failure, wanted);
        if (!wanted || finished.get() || attempts >= config.maxAttempts()) {
            finish(value, failure);
            return;
        }
        long now = ticker.read();
        long delay = Backoff.delayNanos(config, attempts, previousDelayNanos, retry.draw());
        if (!config.deadline().isZero() && (now + delay) - startNanos >= config.deadline().toNanos()) {
            retry.metrics().recordDeadlineReached();
            PolicyTrace.event(trace, "deadline_reached", 0L);
            finish(value, failure);
            return;
        }
        if (config.throttleEnabled() && !retry.throttle().allows()) {
            retry.metrics().recordThrottled();
            retry.metrics().recordBudgetExhausted();
            PolicyTrace.event(trace, "throttled", 0L);
            PolicyTrace.event(trace, "budget_exhausted", 0L);
            events |= EventType.RETRY_BUDGET_EXHAUSTED.bit();
            finish(value, failure);
            return;
        }
        if (config.budgetEnabled() && !retry.budget().tryAcquire(now)) {
            retry.metrics().recordBudgetExhausted();
            PolicyTrace.event(trace, "budget_exhausted", 0L);
            events |= EventType.RETRY_BUDGET_EXHAUSTED.bit();
            finish(value, failure);
            return;
        }
        previousDelayNanos = delay;
        retry.metrics().recordRetried();
        events |= EventType.RETRIED.bit();
        retry.retrying(attempts, delay, failure); // before the wait is scheduled, so before the next attempt
        PolicyTrace.event(trace, "retried", delay);
        Cancellable scheduled = retry.guard().controls().registry().scheduler().schedule(delay, () -> executor.execute(this::launch));
        wait = scheduled;
        if (finished.get()) {
            scheduled.cancel();
        }
    }

    /**
     * Tells the throttle what the attempt says about the dependency: a retried outcome (a failure or a
     * timeout the policy would retry, or a value it would) takes a token; any other value gives some
     * back; outcomes the guard decided without the dependency (short-circuits, rejections, bad
     * requests, cancellations) say nothing and are not counted.
     */
    private void feedThrottle(Throwable failure, boolean retried) {
        if (retried) {
            retry.throttle().onFailure();
        } else if (failure == null) {
            retry.throttle().onSuccess();
        }
    }

    private void finish(T value, Throwable failure) {
        if (!finished.compareAndSet(false, true)) {
            return;
        }
        Cancellable timer = deadlineTimer;
        if (timer != null) {
            timer.cancel();
        }
        deliver(value, failure);
    }

    /** The deadline passed: the call ends now, its wait and its attempt in flight are cancelled. */
    private void onDeadline() {
        if (!finished.compareAndSet(false, true)) {
            return;
        }
        retry.metrics().recordDeadlineReached();
        PolicyTrace.event(trace, "deadline_reached", 0L);
        stopAttempts();
        deliver(null, GuardTimeoutException.deadlinePassed(retry.guard().name(), "retry policy " + retry.name(),
                config.deadline().toMillis()));
    }

    /** Completes {@code result} once its outcome is claimed: the value, the fallback's, or the failure. */
    private void deliver(T value, Throwable failure) {
        try (ContextCarrier.Scope caller = PolicyTrace.restoreCaller(trace)) { // the caller's continuations see its context
            deliverInContext(value, failure);
        }
    }

    private void deliverInContext(T value, Throwable failure) {
        if (failure == null) {
            log(0L, null);
            result.complete(value);
        } else if (failure instanceof GuardException guarded && fallback != null) {
            retry.metrics().recordFallback();
            T recovered;
            try {
                recovered = fallback.recover(guarded);
            } catch (Throwable fallbackFailure) {
                guarded.addSuppressed(fallbackFailure);
                log(EventType.FALLBACK_FAILURE.bit() | EventType.EXCEPTION_THROWN.bit(), guarded);
                result.completeExceptionally(guarded);
                return;
            }
            log(EventType.FALLBACK_SUCCESS.bit(), null);
            result.complete(recovered);
        } else {
            log(failure instanceof GuardException ? EventType.FALLBACK_MISSING.bit() | EventType.EXCEPTION_THROWN.bit()
                    : EventType.EXCEPTION_THROWN.bit(), failure);
            result.completeExceptionally(failure);
        }
    }

    /** After the caller's cancel has claimed the outcome: stops the deadline, the pending wait and the attempt in flight. */
    private void onCancel() {
        PolicyTrace.stop(trace, events | EventType.CANCELLED.bit(), attempts, null);
        Cancellable timer = deadlineTimer;
        if (timer != null) {
            timer.cancel();
        }
        stopAttempts();
    }

    private void stopAttempts() {
        Cancellable pending = wait;
        if (pending != null) {
            pending.cancel();
        }
        CompletableFuture<T> inFlight = current;
        if (inFlight != null) {
            inFlight.cancel(true);
        }
    }

    /** Adds the call's summary to the request log (every attempt's event, the markers, the attempts) and ends its trace. */
    private void log(long extra, Throwable failure) {
        PolicyTrace.stop(trace, events | extra, attempts, failure);
        if (context != null) {
            context.log().add(retry.name(), events | extra, ticker.read() - startNanos, attempts);
        }
    }
}
