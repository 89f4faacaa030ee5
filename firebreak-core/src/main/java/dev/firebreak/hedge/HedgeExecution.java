package dev.firebreak.hedge;

import dev.firebreak.BadRequestException;
import dev.firebreak.Fallback;
import dev.firebreak.GuardException;
import dev.firebreak.context.RequestContext;
import dev.firebreak.event.EventType;
import dev.firebreak.callpolicy.AttemptOutcomes;
import dev.firebreak.callpolicy.PolicyFuture;
import dev.firebreak.callpolicy.PolicyTrace;
import dev.firebreak.context.CarriedCriticality;
import dev.firebreak.context.ContextCarrier;
import dev.firebreak.time.Cancellable;
import dev.firebreak.time.Ticker;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * One call of a {@link Hedge}: its attempts in parallel and its single outcome.
 *
 * <p>Invariants, all decided under {@code lock} on the thread that brings the news, with the side
 * effects (starting an attempt, cancelling, completing, the fallback) after it is released:
 * {@code launched} counts attempts started or being started, never more than {@code 1 + maxHedges};
 * {@code done} turns true once: on the first definitive answer (a value or a bad request), when every
 * started attempt has failed, or on the caller's cancel; after it no attempt starts (one being
 * started sees {@code done} when it registers and is cancelled at once) and every other attempt is
 * cancelled. Only the thread that turned {@code done} true completes {@code result}, so the fallback
 * runs at most once, after the last attempt's failure.
 */
final class HedgeExecution<T> {

    private static final int BUDGET_SPENT = -1;
    private static final int THROTTLED = -2;

    private final Hedge hedge;
    private final Supplier<CompletableFuture<T>> attempt;
    private final Fallback<T> fallback;
    private final HedgeConfig config;
    private final Ticker ticker;
    private final Executor executor;
    private final RequestContext context;
    private final long startNanos;
    private final PolicyTrace trace; // null unless the registry's tracer observes this call
    private final CompletableFuture<T> result = new PolicyFuture<>(this::claimForCancel, this::onCancel);
    private final ReentrantLock lock = new ReentrantLock();
    private final List<CompletableFuture<T>> attempts = new ArrayList<>(); // guarded by lock, by index
    private int launched; // guarded by lock
    private int failed; // guarded by lock
    private boolean done; // guarded by lock
    private Cancellable timer; // guarded by lock
    private long events; // guarded by lock

    private HedgeExecution(Hedge hedge, Supplier<CompletableFuture<T>> attempt, Fallback<T> fallback) {
        this.hedge = hedge;
        this.attempt = attempt;
        this.fallback = fallback;
        this.config = hedge.config();
        this.ticker = hedge.guard().controls().registry().ticker();
        this.context = RequestContext.currentOrNull();
        this.executor = CarriedCriticality.wrap(context == null ? hedge.hedgeExecutor() : context.wrap(hedge.hedgeExecutor())); // later attempts at the call's level
        this.startNanos = ticker.read();
        this.trace = PolicyTrace.start(hedge.guard().controls().registry(), "hedge", hedge.name(), hedge.guard().name());
    }

    /** Starts the call's first attempt on this thread, arms its first hedge, returns the caller's future. */
    static <T> CompletableFuture<T> start(Hedge hedge, Supplier<CompletableFuture<T>> attempt, Fallback<T> fallback) {
        HedgeExecution<T> execution = new HedgeExecution<>(hedge, attempt, fallback);
        hedge.metrics().recordCall();
        hedge.budget().onCall(execution.startNanos);
        execution.lock.lock();
        try {
            execution.launched = 1;
        } finally {
            execution.lock.unlock();
        }
        execution.run(0);
        execution.armHedge();
        return execution.result;
    }

    private void run(int index) {
        hedge.metrics().recordAttempt();
        CompletableFuture<T> future;
        try (ContextCarrier.Scope scope = PolicyTrace.attempt(trace, index + 1)) { // the attempt's spans are the call's children
            future = attempt.get();
        } catch (Throwable thrown) {
            future = CompletableFuture.failedFuture(thrown);
        }
        boolean alreadyDone;
        lock.lock();
        try {
            while (attempts.size() <= index) {
                attempts.add(null);
            }
            attempts.set(index, future);
            alreadyDone = done;
        } finally {
            lock.unlock();
        }
        if (alreadyDone && future.cancel(true)) {
            hedge.metrics().recordLoserCancelled();
            PolicyTrace.event(trace, "loser_cancelled", 0L);
        }
        future.whenComplete((value, thrown) -> onAttempt(index, value, thrown));
    }

    /** Schedules the next hedge if one may still come. */
    private void armHedge() {
        long delay = hedge.delayNanos(ticker.read(), config);
        lock.lock();
        try {
            if (done || delay < 0 || launched > config.maxHedges()) {
                return;
            }
        } finally {
            lock.unlock();
        }
        Cancellable scheduled = hedge.guard().controls().registry().scheduler().schedule(delay, () -> executor.execute(this::hedgeDue));
        boolean cancel;
        lock.lock();
        try {
            cancel = done;
            timer = scheduled;
        } finally {
            lock.unlock();
        }
        if (cancel) {
            scheduled.cancel();
        }
    }

    private void hedgeDue() {
        int index;
        lock.lock();
        try {
            if (done) {
                return;
            }
            if (config.throttleEnabled() && !hedge.throttle().allows()) {
                events |= EventType.HEDGE_BUDGET_EXHAUSTED.bit();
                index = THROTTLED;
            } else if (config.budgetEnabled() && !hedge.budget().tryAcquire(ticker.read())) {
                events |= EventType.HEDGE_BUDGET_EXHAUSTED.bit();
                index = BUDGET_SPENT;
            } else {
                events |= EventType.HEDGED.bit();
                index = launched++;
            }
        } finally {
            lock.unlock();
        }
        if (index < 0) {
            if (index == THROTTLED) {
                hedge.metrics().recordThrottled();
                PolicyTrace.event(trace, "throttled", 0L);
            }
            PolicyTrace.event(trace, "budget_exhausted", 0L);
            hedge.metrics().recordBudgetExhausted();
            return;
        }
        hedge.metrics().recordHedged();
        hedge.hedging(index + 1, ticker.read() - startNanos); // after the lock, before the attempt starts
        PolicyTrace.event(trace, "hedged", ticker.read() - startNanos);
        run(index);
        armHedge();
    }

    private void onAttempt(int index, T value, Throwable thrown) {
        Throwable failure = AttemptOutcomes.unwrap(thrown);
        feedThrottle(failure);
        List<CompletableFuture<T>> losers = new ArrayList<>();
        Cancellable pending;
        int attemptsMade;
        long callEvents;
        lock.lock();
        try {
            events |= AttemptOutcomes.eventBit(failure);
            if (done) {
                return;
            }
            boolean definitive = failure == null || failure instanceof BadRequestException;
            if (!definitive && ++failed < launched) {
                return; // another attempt may still answer
            }
            done = true;
            pending = timer;
            for (int i = 0; i < attempts.size(); i++) {
                CompletableFuture<T> other = attempts.get(i);
                if (i != index && other != null) {
                    losers.add(other);
                }
            }
            attemptsMade = launched;
            callEvents = events;
        } finally {
            lock.unlock();
        }
        if (pending != null) {
            pending.cancel();
        }
        for (CompletableFuture<T> loser : losers) {
            if (loser.cancel(true)) {
                hedge.metrics().recordLoserCancelled();
                PolicyTrace.event(trace, "loser_cancelled", 0L);
            }
        }
        if (failure == null && index > 0) {
            hedge.metrics().recordHedgeWin();
        }
        complete(value, failure, callEvents, attemptsMade);
    }

    /**
     * Tells the throttle what the attempt says about the dependency: a value gives tokens back, a
     * FAILURE or TIMEOUT takes one; outcomes decided without the dependency (short-circuits,
     * rejections, bad requests, a loser's cancellation) are not counted.
     */
    private void feedThrottle(Throwable failure) {
        long event = AttemptOutcomes.eventBit(failure);
        if (failure == null) {
            hedge.throttle().onSuccess();
        } else if (event == EventType.FAILURE.bit() || event == EventType.TIMEOUT.bit()) {
            hedge.throttle().onFailure();
        }
    }

    private void complete(T value, Throwable failure, long callEvents, int attemptsMade) {
        try (ContextCarrier.Scope caller = PolicyTrace.restoreCaller(trace)) { // the caller's continuations see its context
            completeInContext(value, failure, callEvents, attemptsMade);
        }
    }

    private void completeInContext(T value, Throwable failure, long callEvents, int attemptsMade) {
        if (failure == null) {
            log(callEvents, attemptsMade, null);
            result.complete(value);
        } else if (fallback == Fallback.deferred()) {
            // an outer policy's attempt (a Retry's): its caller decides and runs the fallback, nobody received it yet
            log(callEvents, attemptsMade, failure);
            result.completeExceptionally(failure);
        } else if (failure instanceof GuardException guarded && fallback != null) {
            T recovered;
            try {
                recovered = fallback.recover(guarded);
            } catch (Throwable fallbackFailure) {
                guarded.addSuppressed(fallbackFailure);
                log(callEvents | EventType.FALLBACK_FAILURE.bit() | EventType.EXCEPTION_THROWN.bit(), attemptsMade, guarded);
                result.completeExceptionally(guarded);
                return;
            }
            log(callEvents | EventType.FALLBACK_SUCCESS.bit(), attemptsMade, null);
            result.complete(recovered);
        } else {
            log(callEvents | EventType.EXCEPTION_THROWN.bit(), attemptsMade, failure);
            result.completeExceptionally(failure);
        }
    }

    /** The caller's cancel claims the outcome here, as an attempt's completion does: false if it lost. */
    private boolean claimForCancel() {
        lock.lock();
        try {
            if (done) {
                return false;
            }
            done = true;
            return true;
        } finally {
            lock.unlock();
        }
    }

    /** After the caller's cancel has claimed the outcome: stops the hedge timer and every attempt. */
    private void onCancel() {
        List<CompletableFuture<T>> all;
        Cancellable pending;
        long callEvents;
        int attemptsMade;
        lock.lock();
        try {
            pending = timer;
            all = new ArrayList<>(attempts);
            callEvents = events;
            attemptsMade = launched;
        } finally {
            lock.unlock();
        }
        PolicyTrace.stop(trace, callEvents | EventType.CANCELLED.bit(), attemptsMade, null); // outside the lock
        if (pending != null) {
            pending.cancel();
        }
        for (CompletableFuture<T> each : all) {
            if (each != null) {
                each.cancel(true);
            }
        }
    }

    private void log(long callEvents, int attemptsMade, Throwable failure) {
        PolicyTrace.stop(trace, callEvents, attemptsMade, failure);
        if (context != null) {
            context.log().add(hedge.name(), callEvents, ticker.read() - startNanos, attemptsMade);
        }
    }
}
