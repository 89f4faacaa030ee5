package dev.firebreak.limit;

/**
 * A concurrency-limit algorithm: arithmetic on samples, with no clock, lock or thread of its own (time
 * is data: each sample carries its start time and latency). One sample per finished attempt; the
 * answer is the limit the enforcement (the isolation's bounded count) applies from then on, always
 * within the configured minimum and maximum.
 *
 * <p>Not thread-safe: {@link AdaptiveLimit} feeds an algorithm one sample at a time.
 */
interface LimitAlgorithm {

    /**
     * Takes one finished attempt into account and returns the new limit.
     *
     * @param startNanos when the attempt was admitted (the ticker's reading)
     * @param rttNanos how long its work ran, greater than 0
     * @param inFlight attempts in flight when it was admitted, itself included
     * @param dropped whether it failed, outlived its timeout, or was refused downstream
     * @return the limit now, between the minimum and the maximum
     */
    int onSample(long startNanos, long rttNanos, int inFlight, boolean dropped);

    /** The limit now (the last answer of {@link #onSample}, or the initial limit). */
    int limit();

    /** Which algorithm this is. */
    LimitKind kind();
}
