package dev.firebreak.collapse;

import java.util.List;

/**
 * The blocking batch call: one call to the dependency for a whole batch, run through the collapser's
 * guard with {@code guard.submit} (so on its thread pool or a virtual thread, under its timeout,
 * breaker and bound).
 *
 * @param <A> a request's argument
 * @param <B> the batch response
 */
@FunctionalInterface
public interface BatchFunction<A, B> {

    /** Calls the dependency once for {@code arguments}, in the order the requests arrived. */
    B call(List<A> arguments) throws Exception;
}
