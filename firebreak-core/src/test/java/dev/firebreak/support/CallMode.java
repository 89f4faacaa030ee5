package dev.firebreak.support;

import dev.firebreak.Fallback;
import dev.firebreak.Guard;
import dev.firebreak.GuardedCall;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The three ways to call a guard, behind one shape so one test body runs in every mode: the call is
 * made on a caller thread of the given kind, and the returned future holds what the caller got.
 */
public enum CallMode {
    /** {@code guard.execute} on the caller thread, which blocks until the outcome. */
    EXECUTE {
        @Override
        public <T> CompletableFuture<T> call(CallerKind caller, Guard guard, GuardedCall<T> body, Fallback<T> fallback) {
            CompletableFuture<T> outcome = new CompletableFuture<>();
            caller.start(() -> {
                try {
                    outcome.complete(guard.execute(body, fallback));
                } catch (Throwable thrown) {
                    outcome.completeExceptionally(thrown);
                }
            });
            return outcome;
        }
    },
    /** {@code guard.submit} from the caller thread; the guard's future is the outcome. */
    SUBMIT {
        @Override
        public <T> CompletableFuture<T> call(CallerKind caller, Guard guard, GuardedCall<T> body, Fallback<T> fallback) {
            CompletableFuture<CompletableFuture<T>> handle = new CompletableFuture<>();
            caller.start(() -> {
                try {
                    handle.complete(guard.submit(body, fallback));
                } catch (Throwable thrown) {
                    handle.completeExceptionally(thrown);
                }
            });
            return unwrap(handle);
        }
    },
    /**
     * {@code guard.submitAsync} from the caller thread, over a stage whose body runs on a separate
     * virtual thread (a stand-in for a non-blocking client: the guard holds no thread for it).
     */
    SUBMIT_ASYNC {
        @Override
        public <T> CompletableFuture<T> call(CallerKind caller, Guard guard, GuardedCall<T> body, Fallback<T> fallback) {
            CompletableFuture<CompletableFuture<T>> handle = new CompletableFuture<>();
            caller.start(() -> {
                try {
                    handle.complete(guard.submitAsync(() -> CompletableFuture.supplyAsync(() -> {
                        try {
                            return body.call();
                        } catch (RuntimeException e) {
                            throw e;
                        } catch (Exception e) {
                            throw new CompletionException(e);
                        }
                    }, STAGE_THREADS), fallback));
                } catch (Throwable thrown) {
                    handle.completeExceptionally(thrown);
                }
            });
            return unwrap(handle);
        }
    };

    private static final ExecutorService STAGE_THREADS = Executors.newVirtualThreadPerTaskExecutor();

    /** Calls {@code body} through {@code guard} in this mode from a new {@code caller} thread. */
    public abstract <T> CompletableFuture<T> call(CallerKind caller, Guard guard, GuardedCall<T> body, Fallback<T> fallback);

    private static <T> CompletableFuture<T> unwrap(CompletableFuture<CompletableFuture<T>> handle) {
        // The outcome of the guard's own future, kept distinct from it so tests never complete it by accident.
        return handle.thenCompose(future -> future.handle((value, thrown) -> {
            if (thrown != null) {
                throw thrown instanceof CompletionException c ? c : new CompletionException(thrown);
            }
            return value;
        }));
    }
}
