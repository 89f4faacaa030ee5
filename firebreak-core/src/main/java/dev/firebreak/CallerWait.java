package dev.firebreak;

import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/** How a synchronous caller waits for a handed-off call's future and gets its outcome. */
final class CallerWait {

    private CallerWait() {
    }

    /**
     * Waits for {@code future} on behalf of a synchronous caller, rethrowing what it completed with.
     * An interrupt while waiting cancels the call if it has no outcome yet (CANCELLED); if the worker
     * or the timeout claimed the outcome first (its fallback may still be running), that recorded
     * outcome is what the caller gets, waited for without listening to interrupts. Either way the
     * caller's interrupt flag is set again on return.
     *
     * <p>A call started for this caller ({@link HandOffFuture#callerWaits()}) is waited for by a short
     * spin and a park on the future itself, and a timeout's fallback is run here, on the caller's
     * thread ({@link HandOffFuture#runHandedWork()}); any other future by {@link CompletableFuture#get()}.
     */
    static <T> T await(CompletableFuture<T> future) {
        if (future instanceof HandOffFuture<T> handOff && handOff.callerWaits()) {
            return awaitHandOff(handOff);
        }
        try {
            return future.get();
        } catch (ExecutionException failed) {
            throw unchecked(failed.getCause());
        } catch (InterruptedException interrupted) {
            if (future.cancel(true)) {
                throw cancelled(interrupted);
            }
            try {
                return future.join(); // the outcome is claimed: it comes soon, and it is the recorded one
            } catch (CompletionException failed) {
                throw unchecked(failed.getCause());
            } finally {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static <T> T awaitHandOff(HandOffFuture<T> future) {
        boolean interrupted = future.awaitSettled(true);
        if (interrupted) {
            if (future.cancel(true)) {
                throw cancelled(new InterruptedException());
            }
            future.awaitSettled(false); // the outcome is claimed: it comes soon, and it is the recorded one
        }
        try {
            future.runHandedWork(); // a timeout's fallback, handed over by the timer: it completes the future
            return future.join();
        } catch (CompletionException failed) {
            throw unchecked(failed.getCause());
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static CancellationException cancelled(InterruptedException interrupted) {
        Thread.currentThread().interrupt();
        CancellationException cancelled = new CancellationException("caller interrupted while waiting");
        cancelled.initCause(interrupted);
        return cancelled;
    }

    private static RuntimeException unchecked(Throwable cause) {
        if (cause instanceof RuntimeException runtime) {
            return runtime;
        }
        if (cause instanceof Error error) {
            throw error;
        }
        return new IllegalStateException(cause); // unreachable: futures complete with unchecked exceptions only
    }
}
