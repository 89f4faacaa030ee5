package dev.firebreak.collapse;

import dev.firebreak.Guard;
import dev.firebreak.callpolicy.AttemptOutcomes;
import dev.firebreak.callpolicy.PolicyTrace;
import dev.firebreak.context.ContextCarrier;
import dev.firebreak.time.internal.OffTimer;
import java.util.AbstractList;
import java.util.List;
import java.util.RandomAccess;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;

/**
 * One shard's trip: the batch call through the guard, then the response mapped back to the requests.
 * Every request of the shard gets exactly one outcome here (its answer, its failure, the batch's
 * failure, or MISSING_RESPONSE), unless it already had one (cancelled, past its deadline).
 */
final class BatchCall<A, B, R> {

    private static final OffTimer OFF_TIMER = new OffTimer("firebreak-batch-");

    private final String collapser;
    private final Guard guard;
    private final BatchFunction<A, ? extends B> blocking;
    private final AsyncBatchFunction<A, ? extends B> async;
    private final ResponseMapping<A, B, R> mapping;

    BatchCall(String collapser, Guard guard, BatchFunction<A, ? extends B> blocking,
            AsyncBatchFunction<A, ? extends B> async, ResponseMapping<A, B, R> mapping) {
        this.collapser = collapser;
        this.guard = guard;
        this.blocking = blocking;
        this.async = async;
        this.mapping = mapping;
    }

    /** The same call through {@code batchGuard} (the guard is known only when the builder builds). */
    BatchCall<A, B, R> withGuard(Guard batchGuard) {
        return new BatchCall<>(collapser, batchGuard, blocking, async, mapping);
    }

    boolean isBlocking() {
        return blocking != null;
    }

    /**
     * Runs the shard. The returned future completes once both hold: every request of the shard has its
     * outcome, and the batch call no longer holds its isolation permit of the guard. The two usually
     * come together; when the call outlives the guard's timeout (it ignores its interrupt, or its stage
     * is not cancelled), the requests get TIMEOUT (or their fallback) at the timeout while the guard
     * keeps the permit until the call really ends, and so does the collapser's slot: freeing the slot at
     * the timeout would let the collapser send batches its own guard must reject.
     */
    CompletableFuture<Void> run(List<CollapsedRequest<A, R>> shard) {
        List<A> view = new Arguments<>(shard);
        PolicyTrace batch = PolicyTrace.start(guard.controls().registry(), "batch", collapser, guard.name());
        if (batch != null) {
            for (CollapsedRequest<A, R> request : shard) {
                PolicyTrace.link(request.trace(), batch); // each request links to the batch that served it
            }
        }
        CompletableFuture<? extends B> call;
        try (ContextCarrier.Scope scope = PolicyTrace.attempt(batch, 1)) { // the batch's guarded call is its child
            call = blocking != null
                    ? guard.submit(() -> blocking.call(view))
                    : guard.submitAsync(() -> startAsync(view));
        } catch (RuntimeException | Error thrown) {
            PolicyTrace.stop(batch, AttemptOutcomes.eventBit(thrown), 1, thrown);
            failAll(shard, thrown);
            return CompletableFuture.completedFuture(null);
        }
        if (batch != null) {
            call.whenComplete((response, thrown) -> {
                Throwable failure = thrown == null ? null : unwrap(thrown);
                PolicyTrace.stop(batch, AttemptOutcomes.eventBit(failure), 1, failure);
            });
        }
        CompletableFuture<Void> released = guard.controls().permitReleased(call).toCompletableFuture();
        CompletableFuture<Void> answered = new CompletableFuture<>();
        call.whenComplete((response, thrown) -> {
            Runnable deliver = () -> {
                try {
                    if (thrown != null) {
                        failAll(shard, unwrap(thrown));
                    } else {
                        answer(shard, view, response);
                    }
                } finally {
                    answered.complete(null);
                }
            };
            // A batch that left on the timer and whose call completed at once (refused, or an already
            // completed stage) would deliver here, on the timer: request fallbacks and the callers'
            // continuations go to a thread of their own instead.
            if (OffTimer.inTimerTask()) {
                OFF_TIMER.run(deliver);
            } else {
                deliver.run();
            }
        });
        return CompletableFuture.allOf(answered, released);
    }

    /**
     * The shard's arguments as the batch function sees them: a read-only view over the shard (which no
     * one changes once it is dispatched), instead of a copy per batch.
     */
    private static final class Arguments<A> extends AbstractList<A> implements RandomAccess {
        private final List<? extends CollapsedRequest<A, ?>> shard;

        Arguments(List<? extends CollapsedRequest<A, ?>> shard) {
            this.shard = shard;
        }

        @Override
        public A get(int index) {
            return shard.get(index).argument();
        }

        @Override
        public int size() {
            return shard.size();
        }
    }

    @SuppressWarnings("unchecked") // a stage of a subtype of B is read only, never written to: safe
    private CompletionStage<B> startAsync(List<A> arguments) {
        return (CompletionStage<B>) async.start(arguments);
    }

    private void answer(List<CollapsedRequest<A, R>> shard, List<A> arguments, B response) {
        AnswerSheet<R> sheet = new AnswerSheet<>(shard.size());
        try {
            mapping.map(response, arguments, sheet);
        } catch (ResponseMismatch mismatch) {
            failAll(shard, new CollapseException(collapser, CollapseException.Reason.RESPONSE_MISMATCH,
                    "batch response does not fit its " + shard.size() + " requests: " + mismatch.getMessage(), null));
            return;
        } catch (Throwable thrown) {
            if (sheet.violation() == null) {
                failAll(shard, new CollapseException(collapser, CollapseException.Reason.MAPPING_FAILED,
                        "mapping the batch response threw " + thrown, thrown));
                return;
            }
        }
        if (sheet.violation() != null) { // the mapping caught our exception: still a mismatch
            failAll(shard, new CollapseException(collapser, CollapseException.Reason.RESPONSE_MISMATCH,
                    "batch response does not fit its " + shard.size() + " requests: " + sheet.violation(), null));
            return;
        }
        // Claim the answered requests first (no user code runs here), count them once, complete them;
        // only then the failed and missing ones, whose fallbacks are user code: a fallback that throws
        // an Error cannot leave a claimed request without its completion.
        boolean[] claimed = null;
        int answered = 0;
        for (int i = 0; i < shard.size(); i++) {
            if (sheet.answered(i) && sheet.failure(i) == null && shard.get(i).claimForAnswer()) {
                if (claimed == null) {
                    claimed = new boolean[shard.size()];
                }
                claimed[i] = true;
                answered++;
            }
        }
        if (answered > 0) {
            shard.get(0).countAnswered(answered);
            for (int i = 0; i < shard.size(); i++) {
                if (claimed[i]) {
                    shard.get(i).completeClaimed(sheet.value(i));
                }
            }
        }
        for (int i = 0; i < shard.size(); i++) {
            CollapsedRequest<A, R> request = shard.get(i);
            if (!sheet.answered(i)) {
                request.fail(new CollapseException(collapser, CollapseException.Reason.MISSING_RESPONSE,
                        "no response for request " + request.argument() + " (position " + i + " of "
                                + shard.size() + ")", null));
            } else if (sheet.failure(i) != null) {
                request.fail(sheet.failure(i));
            }
        }
    }

    private static <A, R> void failAll(List<CollapsedRequest<A, R>> shard, Throwable failure) {
        for (CollapsedRequest<A, R> request : shard) {
            request.fail(failure);
        }
    }

    private static Throwable unwrap(Throwable thrown) {
        Throwable t = thrown;
        while ((t instanceof CompletionException || t instanceof ExecutionException) && t.getCause() != null) {
            t = t.getCause();
        }
        return t;
    }
}
