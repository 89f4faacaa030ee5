package dev.firebreak;

/**
 * The blocking call a guard protects. It may throw anything; a {@link BadRequestException} passes to
 * the caller untouched, anything else is a FAILURE.
 *
 * @param <T> the value it returns
 */
@FunctionalInterface
public interface GuardedCall<T> {

    /** Calls the dependency. */
    T call() throws Exception;
}
