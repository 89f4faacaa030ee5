package dev.firebreak.collapse;

import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * The non-blocking batch call: starts one call to the dependency for a whole batch and returns its
 * stage; run through the collapser's guard with {@code guard.submitAsync}, so no thread waits for it.
 *
 * @param <A> a request's argument
 * @param <B> the batch response
 */
@FunctionalInterface
public interface AsyncBatchFunction<A, B> {

    /** Starts the call for {@code arguments}, in the order the requests arrived. Must not block. */
    CompletionStage<B> start(List<A> arguments);
}
