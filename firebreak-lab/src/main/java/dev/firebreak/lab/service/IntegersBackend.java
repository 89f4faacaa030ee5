package dev.firebreak.lab.service;

/**
 * How a demo service obtains integers: straight from the client, or through one library's protection
 * (a command, a guard, a collapser). One implementation per lab variant.
 */
public interface IntegersBackend extends AutoCloseable {

    /** Fetches {@code howMany} integers for one incoming request, blocking the caller. */
    RandomIntegers fetch(int howMany) throws Exception;

    /** Releases what the backend started (pools, timers); the default has nothing to release. */
    @Override
    default void close() throws Exception {
    }
}
