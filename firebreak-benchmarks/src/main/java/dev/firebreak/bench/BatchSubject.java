package dev.firebreak.bench;

/**
 * A collapser fed by one thread: each {@link #submitBatch()} submits {@code n} requests (arguments
 * 0 .. n-1) and collects the answers of one full batch. Built once per trial.
 */
interface BatchSubject extends AutoCloseable {

    /** Submits one batch's worth of requests; returns the sum of the answers of one completed batch. */
    long submitBatch() throws Exception;

    @Override
    default void close() {
    }

    /** The sum {@link #submitBatch()} returns: each request is answered with its own argument. */
    static long expectedSum(int n) {
        return (long) n * (n - 1) / 2;
    }

    /** Runs two batches and checks their answers, so a broken pipeline fails at setup, not silently. */
    static BatchSubject verified(BatchSubject subject, int n, String what) throws Exception {
        for (int round = 0; round < 2; round++) {
            long got = subject.submitBatch();
            if (got != expectedSum(n)) {
                subject.close();
                throw new IllegalStateException(what + " (n=" + n + ") answered a sum of " + got + ", expected "
                        + expectedSum(n));
            }
        }
        return subject;
    }
}
