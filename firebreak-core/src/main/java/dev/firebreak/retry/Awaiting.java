package dev.firebreak.retry;

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
     * CancellationException thrown with the interrupt flag restored.
     */
    public static <T> T outcome(CompletableFuture<T> future, String policy) {
        try {
            return future.get();
        } catch (InterruptedException e) {
            future.cancel(true);
            Thread.currentThread().interrupt();
            CancellationException cancelled = new CancellationException(policy + ": interrupted while waiting");
            cancelled.initCause(e);
            throw cancelled;
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException runtime) {
                throw runtime;
            }
            if (cause instanceof Error error) {
                throw error;
            }
            throw new CompletionException(cause);
        }
    }
}
