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

    /**
     * The fallback of one attempt of a call policy (a retry, a hedge), whose caller decides what the
     * call's outcome is and runs its own fallback once, after its last attempt. The guard runs nothing
     * for it: the attempt is recorded with its execution event alone (no fallback event, no
     * EXCEPTION_THROWN, since no caller received the exception yet), and the attempt's future completes
     * with the exception saying what happened ({@link GuardException#fallbackEvent()} stays null).
     *
     * @param <T> the call's value type
     */
    @SuppressWarnings("unchecked")
    static <T> Fallback<T> deferred() {
        return (Fallback<T>) DeferredFallback.INSTANCE;
    }
}
