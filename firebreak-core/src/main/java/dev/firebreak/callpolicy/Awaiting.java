package dev.firebreak.callpolicy;

import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/** How the blocking {@code execute} of a call policy waits for its future: the caller blocks, no one sleeps. */
public final class Awaiting {

    private Awaiting() {
    }

    /**
     * The future's value; its exception rethrown as is (a RuntimeException or Error, else wrapped in a
     * CompletionException). If this thread is interrupted while waiting, the call is cancelled and a
     * CancellationException thrown; if the call already has its outcome (the cancel loses), that outcome
     * is what the caller gets, waited for without listening to interrupts. Either way the interrupt flag
     * is set again on return.
     */
    public static <T> T outcome(CompletableFuture<T> future, String policy) {
        try {
            return future.get();
        } catch (InterruptedException e) {
            if (future.cancel(true)) {
                Thread.currentThread().interrupt();
                CancellationException cancelled = new CancellationException(policy + ": interrupted while waiting");
                cancelled.initCause(e);
                throw cancelled;
            }
            try {
                return future.join(); // completed already: the recorded outcome
            } catch (CompletionException failed) {
                throw unchecked(failed.getCause());
            } finally {
                Thread.currentThread().interrupt();
            }
        } catch (ExecutionException e) {
            throw unchecked(e.getCause());
        }
    }

    private static RuntimeException unchecked(Throwable cause) {
        if (cause instanceof RuntimeException runtime) {
            return runtime;
        }
        if (cause instanceof Error error) {
            throw error;
        }
        return new CompletionException(cause);
    }
}
