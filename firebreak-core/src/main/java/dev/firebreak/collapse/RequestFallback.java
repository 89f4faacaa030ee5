package dev.firebreak.collapse;

/**
 * What one collapsed request returns when it cannot get its answer: the batch failed, timed out, was
 * rejected or short-circuited, its answer was missing, or it waited past its own deadline. Not used
 * for a cancelled request nor for a {@link dev.firebreak.BadRequestException}.
 *
 * @param <A> the request's argument
 * @param <R> the request's value
 */
@FunctionalInterface
public interface RequestFallback<A, R> {

    /** A value for the request with {@code argument} in place of the one it could not get. */
    R recover(A argument, Throwable failure) throws Exception;
}
