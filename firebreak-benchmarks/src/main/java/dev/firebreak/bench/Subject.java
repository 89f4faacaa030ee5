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
     * where it meant a success (or the reverse) would measure the wrong path.
     */
    static Subject verified(Subject subject, long expected, String what) throws Exception {
        long got = subject.call();
        if (got != expected) {
            subject.close();
            throw new IllegalStateException(what + " returned " + got + ", expected " + expected
                    + (expected == Work.FALLBACK ? " (the fallback)" : " (the body's value)"));
        }
        return subject;
    }
}
