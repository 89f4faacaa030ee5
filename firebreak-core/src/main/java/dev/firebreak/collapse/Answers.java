package dev.firebreak.collapse;

/**
 * Where a {@link ResponseMapping} puts each request's answer, by the request's position in the batch.
 * A request left unanswered fails with {@link CollapseException.Reason#MISSING_RESPONSE}; answering a
 * position twice or out of range throws, which fails the whole batch with RESPONSE_MISMATCH.
 *
 * @param <R> a request's value
 */
public interface Answers<R> {

    /** Number of requests in the batch (positions 0 to size - 1). */
    int size();

    /** The request at {@code position} gets {@code value}. */
    void answer(int position, R value);

    /** The request at {@code position} fails with {@code failure} (its fallback, if any, applies). */
    void fail(int position, Throwable failure);
}
