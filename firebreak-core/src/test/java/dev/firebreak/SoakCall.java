package dev.firebreak;

import dev.firebreak.context.RequestContext;
import dev.firebreak.context.RequestLogEntry;
import dev.firebreak.event.EventType;
import dev.firebreak.event.Events;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * One soak call: a fault, a mode, a fallback and a caller action drawn from the call's own seeded
 * random stream; the call made from the caller's thread inside a request context of its own; and the
 * caller's outcome compared with what the request log recorded for it.
 */
final class SoakCall {

    /** How the caller calls. */
    enum Mode { EXECUTE, SUBMIT, SUBMIT_ASYNC }

    /** What the dependency does. */
    private enum Fault { SUCCESS, SLOW, THROW, BAD_REQUEST, HANG, STUBBORN_HANG }

    /** What the fallback does. */
    private enum Recovery { NONE, VALUE, THROW, SLOW }

    /** What the caller does while waiting. */
    private enum Action { WAIT, CANCEL, INTERRUPT }

    /** A value: from the call itself (event null) or from the fallback for {@code event}. */
    private record Reply(EventType event) {
        static final Reply FROM_CALL = new Reply(null);
    }

    /** The outcome one witness saw: an execution event and a fallback event (null if none). */
    private record Outcome(EventType execution, EventType fallback) {
        static Outcome of(long mask) {
            EventType fallback = null;
            for (EventType type : EventType.values()) {
                if (type.kind() == EventType.Kind.FALLBACK && Events.contains(mask, type)) {
                    fallback = type;
                }
            }
            return new Outcome(Events.executionEvent(mask), fallback);
        }
    }

    /**
     * A caller thread's interrupt slot: the interrupter may interrupt it only while it holds the id of
     * the call in progress (not IDLE, not INTERRUPTING), so no interrupt leaks into the caller's next call.
     */
    static final class Slot {
        private static final long IDLE = -1;
        private static final long INTERRUPTING = -2;
        private final Thread caller;
        private final AtomicLong armed = new AtomicLong(IDLE);

        Slot(Thread caller) {
            this.caller = caller;
        }

        void arm(long id) {
            armed.set(id);
        }

        boolean tryInterrupt(long id) {
            if (!armed.compareAndSet(id, INTERRUPTING)) {
                return false; // that call is over
            }
            caller.interrupt();
            armed.set(id);
            return true;
        }

        /** Ends the call's window; then clears the flag a late interrupt may have set. */
        void disarm(long id) {
            while (!armed.compareAndSet(id, IDLE) && armed.get() != IDLE) {
                Thread.onSpinWait(); // an interrupt is being delivered: let it land, then clear it
            }
            Thread.interrupted();
        }
    }

    private SoakCall() {
    }

    static void run(SoakRound round, Slot slot, long id) {
        SplittableRandom random = new SplittableRandom(round.seed ^ (id * 0x9E3779B97F4A7C15L));
        Guard guard = round.guardFor(id);
        Mode mode = pick(random, Mode.values(), 70, 20, 10);
        Action action = mode == Mode.EXECUTE ? pick(random, Action.values(), 94, 0, 6) : pick(random, Action.values(), 88, 6, 6);
        // An interrupt meant for a call that has long returned tests nothing: interrupted callers mostly
        // wait on slow or hung calls, or on slow fallbacks (an interrupt after the outcome is claimed).
        Fault fault = action == Action.INTERRUPT
                ? pick(random, Fault.values(), 20, 30, 10, 0, 25, 15)
                : pick(random, Fault.values(), 78, 6, 8, 2, 3, 3);
        Recovery recovery = action == Action.INTERRUPT
                ? pick(random, Recovery.values(), 20, 30, 10, 40)
                : pick(random, Recovery.values(), 30, 55, 10, 5);
        long slowNanos = TimeUnit.MICROSECONDS.toNanos(500 + random.nextInt(2500));
        long hangNanos = TimeUnit.MILLISECONDS.toNanos(SoakRound.TIMEOUT_MS + 10 + random.nextInt(20));
        long interruptAfterNanos = random.nextLong(TimeUnit.MILLISECONDS.toNanos(SoakRound.TIMEOUT_MS + 5));
        int cancelSpins = random.nextInt(2000);

        GuardedCall<Reply> body = () -> {
            round.bodiesInside.incrementAndGet();
            try {
                switch (fault) {
                    case SLOW -> park(slowNanos, true);
                    case THROW -> throw new IllegalStateException("soak failure " + id);
                    case BAD_REQUEST -> throw new BadRequestException("soak bad request " + id);
                    case HANG -> park(hangNanos, true);
                    case STUBBORN_HANG -> park(hangNanos, false);
                    case SUCCESS -> { }
                }
                return Reply.FROM_CALL;
            } finally {
                round.bodiesInside.decrementAndGet();
            }
        };
        Fallback<Reply> fallback = switch (recovery) {
            case NONE -> null;
            case VALUE -> failure -> new Reply(failure.event());
            case THROW -> failure -> {
                throw new IllegalStateException("soak fallback failure " + id);
            };
            case SLOW -> failure -> {
                park(slowNanos, false);
                return new Reply(failure.event());
            };
        };

        try (RequestContext context = RequestContext.open()) {
            if (action == Action.INTERRUPT) {
                slot.arm(id);
                round.interrupter.schedule(() -> {
                    if (slot.tryInterrupt(id)) {
                        round.interruptsDelivered.increment();
                    }
                }, interruptAfterNanos, TimeUnit.NANOSECONDS);
            }
            long began = System.nanoTime();
            Object got;
            try {
                got = call(guard, mode, body, fallback, round, action == Action.CANCEL ? cancelSpins : -1);
            } finally {
                if (action == Action.INTERRUPT) {
                    slot.disarm(id);
                }
            }
            long waited = System.nanoTime() - began;
            if (SoakRound.callerWalksAway(guard, mode)) {
                round.walkAwayCalls.increment();
                long lateness = waited - TimeUnit.MILLISECONDS.toNanos(SoakRound.TIMEOUT_MS);
                round.maxLatenessNanos.accumulate(lateness);
                if (lateness > TimeUnit.MILLISECONDS.toNanos(10)) {
                    round.lateOver10ms.increment();
                }
            }
            compare(round, guard, id, got, context.log().entries());
        }
    }

    /** Makes the call in {@code mode}; returns the value or the exception the caller got. */
    private static Object call(Guard guard, Mode mode, GuardedCall<Reply> body, Fallback<Reply> fallback,
            SoakRound round, int cancelSpins) {
        if (mode == Mode.EXECUTE) {
            try {
                return guard.execute(body, fallback);
            } catch (RuntimeException thrown) {
                return thrown;
            }
        }
        CompletableFuture<Reply> future = mode == Mode.SUBMIT
                ? guard.submit(body, fallback)
                : guard.submitAsync(() -> CompletableFuture.supplyAsync(() -> {
                    try {
                        return body.call();
                    } catch (RuntimeException e) {
                        throw e;
                    } catch (Exception e) {
                        throw new CompletionException(e);
                    }
                }, round.stages), fallback);
        if (cancelSpins >= 0) {
            for (int i = 0; i < cancelSpins; i++) {
                Thread.onSpinWait();
            }
            future.cancel(true);
        }
        try {
            return future.get();
        } catch (InterruptedException interrupted) {
            future.cancel(true); // what a user does: give up on the call, then take whatever it ended with
            return outcomeOf(future);
        } catch (ExecutionException failed) {
            return failed.getCause();
        } catch (CancellationException cancelled) {
            return cancelled;
        }
    }

    private static Object outcomeOf(CompletableFuture<Reply> future) {
        try {
            return future.join();
        } catch (CompletionException failed) {
            return failed.getCause();
        } catch (CancellationException cancelled) {
            return cancelled;
        }
    }

    private static void compare(SoakRound round, Guard guard, long id, Object got, List<RequestLogEntry> log) {
        Outcome seen = switch (got) {
            case Reply reply when reply.event() == null -> new Outcome(EventType.SUCCESS, null);
            case Reply reply -> new Outcome(reply.event(), EventType.FALLBACK_SUCCESS);
            case GuardException failure -> new Outcome(failure.event(), failure.fallbackEvent());
            case BadRequestException bad -> new Outcome(EventType.BAD_REQUEST, null);
            case CancellationException cancelled -> new Outcome(EventType.CANCELLED, null);
            default -> null;
        };
        if (seen == null) {
            round.mismatch("call " + id + " on " + guard.name() + ": unexpected outcome " + got);
            return;
        }
        round.seen.add(seen.execution(), seen.fallback());
        if (log.size() != 1) {
            round.mismatch("call " + id + " on " + guard.name() + ": " + log.size() + " request-log entries " + log
                    + " for caller outcome " + seen);
            return;
        }
        Outcome logged = Outcome.of(log.get(0).events());
        round.logged.add(logged.execution(), logged.fallback());
        if (!logged.equals(seen)) {
            round.mismatch("call " + id + " on " + guard.name() + ": the caller saw " + seen + ", the log recorded "
                    + logged + " (" + got + ")");
        }
    }

    /** Waits {@code nanos} like a slow dependency; if {@code interruptible}, an interrupt ends it with InterruptedException. */
    private static void park(long nanos, boolean interruptible) throws InterruptedException {
        long deadline = System.nanoTime() + nanos;
        boolean interrupted = false;
        for (long left = nanos; left > 0; left = deadline - System.nanoTime()) {
            LockSupport.parkNanos(left);
            if (Thread.interrupted()) {
                if (interruptible) {
                    throw new InterruptedException("soak call interrupted");
                }
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt(); // a stubborn call ignores the interrupt but keeps the flag
        }
    }

    private static <E> E pick(SplittableRandom random, E[] values, int... weights) {
        int total = 0;
        for (int weight : weights) {
            total += weight;
        }
        int draw = random.nextInt(total);
        for (int i = 0; i < values.length; i++) {
            draw -= weights[i];
            if (draw < 0) {
                return values[i];
            }
        }
        throw new IllegalStateException("weights do not cover the draw");
    }
}
