package dev.firebreak;

/**
 * What to return when a guarded call fails, times out, is rejected or short-circuited (never after a
 * bad request). Runs under the guard's fallback limit
 * ({@code fallback.isolation.semaphore.maxConcurrentRequests}); keep it fast and local.
 *
 * @param <T> the value it returns in place of the call's
 */
@FunctionalInterface
public interface Fallback<T> {

    /**
     * Returns a value in place of the failed call's.
     *
     * @param failure what happened; switch on {@link GuardException#event()} or its type
     */
    T recover(GuardException failure) throws Exception;
}
