package dev.firebreak.bench;

/**
 * One protected call as a library makes it: a direct call, a Firebreak guard, a Resilience4j
 * decoration, a Hystrix command... Built once per trial and shared by every benchmark thread;
 * {@link #close()} releases its threads.
 */
public interface Subject extends AutoCloseable {

    /** Makes one call; returns the body's value or the fallback's. */
    long call() throws Exception;

    @Override
    default void close() {
    }

    /**
     * Makes one call and checks it returned {@code expected}: a benchmark that measured a fallback
     * where it meant a success (or the reverse) would measure the wrong path. A cold first call (class
     * loading, a pool's first threads) can outlive the guard's 1 s timeout on a loaded machine: up to
     * {@link #VERIFY_ATTEMPTS} calls are made, and the subject is refused only if none returns the
     * expected value.
     */
    static Subject verified(Subject subject, long expected, String what) throws Exception {
        Exception lastFailure = null;
        long got = Long.MIN_VALUE;
        for (int attempt = 0; attempt < VERIFY_ATTEMPTS; attempt++) {
            try {
                got = subject.call();
                if (got == expected) {
                    return subject;
                }
            } catch (Exception failed) {
                lastFailure = failed;
            }
        }
        subject.close();
        IllegalStateException refused = new IllegalStateException(what + " returned "
                + (got == Long.MIN_VALUE ? "no value" : got) + " in " + VERIFY_ATTEMPTS + " calls, expected " + expected
                + (expected == Work.FALLBACK ? " (the fallback)" : " (the body's value)"));
        if (lastFailure != null) {
            refused.initCause(lastFailure);
        }
        throw refused;
    }

    /** Calls {@link #verified} makes before it refuses a subject. */
    int VERIFY_ATTEMPTS = 3;
}
