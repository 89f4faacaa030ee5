package dev.firebreak.chaos;

import dev.firebreak.time.Cancellable;
import dev.firebreak.time.Scheduler;
import dev.firebreak.time.internal.OffTimer;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * One fault a call receives, chosen by {@link ChaosPolicy#pick}: immutable and shared by every call that
 * receives it (made once per configuration). The guard's pipeline runs the call through it at step 6
 * in place of the call itself; nothing else does.
 */
public final class Injection {

    /** Where a delayed {@code submitAsync} call is started after its delay: never on the timer. */
    private static final OffTimer AFTER_DELAY = new OffTimer("firebreak-chaos-");
    /** Past the deadline, the delay lasts this much longer, so the elapsed time exceeds the timeout on any clock. */
    private static final long PAST_DEADLINE_NANOS = 1_000_000L;

    private final String guard;
    private final ChaosKind kind;
    private final Object value;
    private final long latencyNanos;
    private final Scheduler scheduler;

    Injection(String guard, ChaosKind kind, Object value, long latencyNanos, Scheduler scheduler) {
        this.guard = guard;
        this.kind = kind;
        this.value = value;
        this.latencyNanos = latencyNanos;
        this.scheduler = scheduler;
    }

    /** What this fault does. */
    public ChaosKind kind() {
        return kind;
    }

    /**
     * Runs a blocking call with this fault, on this thread. A LATENCY fault waits on the scheduler (a
     * park, never a spin) and then runs {@code call}; if the delay reaches past {@code remainingNanos} (the
     * time left until the guard's deadline, {@code Long.MAX_VALUE} for none) it waits until just past the
     * deadline and returns null without running the call, so the caller-thread path, which checks the
     * elapsed time after the call, reports a real TIMEOUT.
     */
    @SuppressWarnings("unchecked")
    public <T> T run(Callable<T> call, long remainingNanos) throws Exception {
        switch (kind) {
            case EXCEPTION -> throw sneaky(exception());
            case RESULT -> {
                return (T) value;
            }
            case BEHAVIOR -> {
                return (T) ((ChaosBehavior) value).apply(guard, call);
            }
            default -> {
                if (latencyNanos >= remainingNanos) {
                    delay(remainingNanos + PAST_DEADLINE_NANOS);
                    return null; // past the deadline: the result would be discarded anyway
                }
                delay(latencyNanos);
                return call.call();
            }
        }
    }

    /**
     * Starts a non-blocking call with this fault: an EXCEPTION is a failed stage, a RESULT a completed
     * one; a LATENCY fault starts {@code call} after the delay on a virtual thread, inside
     * {@code inContext} (the caller's request and carried context), unless the returned stage was
     * completed (cancelled by the timeout) first.
     */
    @SuppressWarnings("unchecked")
    public <T> CompletionStage<T> runStage(Supplier<? extends CompletionStage<T>> call, Consumer<Runnable> inContext) {
        switch (kind) {
            case EXCEPTION -> {
                return CompletableFuture.failedFuture(exception());
            }
            case RESULT -> {
                return CompletableFuture.completedFuture((T) value);
            }
            case BEHAVIOR -> {
                try {
                    Object answer = ((ChaosBehavior) value).apply(guard, call::get);
                    return answer instanceof CompletionStage<?> stage ? (CompletionStage<T>) stage
                            : CompletableFuture.completedFuture((T) answer);
                } catch (Throwable thrown) {
                    return CompletableFuture.failedFuture(thrown);
                }
            }
            default -> {
                CompletableFuture<T> delayed = new CompletableFuture<>();
                Cancellable task = scheduler.schedule(latencyNanos, () -> AFTER_DELAY.run(() -> inContext.accept(() -> {
                    if (delayed.isDone()) {
                        return; // the call timed out or was cancelled during the delay
                    }
                    try {
                        call.get().whenComplete((v, t) -> {
                            if (t == null) {
                                delayed.complete(v);
                            } else {
                                delayed.completeExceptionally(t);
                            }
                        });
                    } catch (Throwable thrown) {
                        delayed.completeExceptionally(thrown);
                    }
                })));
                delayed.whenComplete((v, t) -> task.cancel());
                return delayed;
            }
        }
    }

    private Throwable exception() {
        if (value == null) {
            return new InjectedFaultException(guard);
        }
        Throwable made = ((Supplier<? extends Throwable>) value).get();
        return made != null ? made : new InjectedFaultException(guard);
    }

    /** Parks this thread until {@code nanos} have passed on the scheduler's clock. */
    private void delay(long nanos) throws InterruptedException {
        CountDownLatch due = new CountDownLatch(1);
        Cancellable task = scheduler.schedule(nanos, due::countDown);
        try {
            due.await();
        } finally {
            task.cancel();
        }
    }

    @SuppressWarnings("unchecked")
    private static <E extends Throwable> E sneaky(Throwable thrown) throws E {
        throw (E) thrown;
    }

    @Override
    public String toString() {
        return "Injection[" + guard + ", " + kind + "]";
    }
}
