package dev.firebreak.collapse;

/** When a collapser sends the batch it is gathering ({@code collapser.dispatch.strategy}). */
public enum DispatchStrategy {
    /**
     * Hystrix's behaviour: the first request opens a window of {@code timerDelayInMilliseconds}; the
     * batch leaves when the window closes, or at once when it reaches {@code maxRequestsInBatch}.
     */
    TIMER,
    /**
     * Firebreak: a request leaves at once (after at most a short linger) while fewer than
     * {@code loadAware.maxBatchesInFlight} batches are in flight; requests arriving while every slot is
     * busy gather into the next batch. A lone caller pays no window.
     */
    LOAD_AWARE
}
