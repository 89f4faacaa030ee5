package dev.firebreak.breaker;

/** What the breaker's health window holds ({@code circuitBreaker.slidingWindowType}). */
public enum SlidingWindowType {
    /**
     * The calls of the last {@code metrics.rollingStats.timeInMilliseconds} (Hystrix's window, the
     * default), in {@code metrics.rollingStats.numBuckets} buckets.
     */
    TIME,
    /** The last {@code circuitBreaker.slidingWindowSize} calls, however long ago they ended. */
    COUNT
}
