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
     * Firebreak: an idle collapser sends a request at once, alone; while batches are in flight the
     * requests gather, and the batch leaves when a slot is free (at most k in flight: {@code
     * loadAware.maxBatchesInFlight}, or 8 capped by the batch guard's bound when 0), its linger has
     * ended (a quiet gap of {@code loadAware.lingerGapInMicroseconds}, at most {@code
     * loadAware.lingerInMicroseconds}) and, while three quarters of the slots are busy, one smoothed batch
     * latency / k after the previous departure. A lone caller pays nothing; under steady load it acts
     * as a window of batch latency / k; downstream calls never exceed k at once.
     */
    LOAD_AWARE
}
