package dev.firebreak.collapse;

/**
 * When a collapser sends the batch it is gathering ({@code dispatch.strategy}). Both send a batch at
 * once when it reaches {@code maxRequestsInBatch} (under LOAD_AWARE: as soon as a slot is free). The
 * full design and the model figures are in {@code docs/collapsing.md}.
 */
public enum DispatchStrategy {
    /**
     * Hystrix's window, opened by the first request: a request that finds no window open opens one of
     * {@code timerDelayInMilliseconds}; every request arriving until it closes joins the batch, which
     * leaves when it closes. No timer runs while nothing waits. Hystrix instead runs a fixed-rate timer
     * from the collapser's creation, so a request waits anywhere between 0 and the whole window,
     * depending on where it falls between ticks (and closed-loop clients phase-lock to the ticks and
     * wait almost a whole window each time); here every batch's first request waits exactly the window
     * and the others less. Batches in flight are not limited.
     */
    TIMER,
    /**
     * Firebreak: while fewer than k batches are in flight (k = {@code loadAware.maxBatchesInFlight}, or
     * the batch guard's concurrency bound when 0), the first waiting request starts a linger of
     * {@code loadAware.lingerInMicroseconds} (none when 0) and the batch leaves when it ends; requests
     * arriving while all k slots are busy gather into the next batch, which lingers and leaves once a slot
     * frees. A lone caller pays at most the linger; batches grow by themselves as load grows; downstream
     * calls never exceed k at once. The price: under load a request may wait for a slot, up to one batch
     * call's latency.
     */
    LOAD_AWARE
}
