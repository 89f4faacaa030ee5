package dev.firebreak.collapse;

import dev.firebreak.event.EventType;
import dev.firebreak.event.ListenerFailures;
import dev.firebreak.time.Ticker;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.IntConsumer;

/**
 * The figures of one collapser: batches, requests batched, shards, cache hits, batch sizes, and every
 * request's events. Per-request recording is lock-free; per-batch recording takes one short lock
 * (see {@link RollingBatchStats}).
 */
public final class CollapserMetrics {

    private static final double[] PERCENTILES = {25, 50, 75, 90, 95, 99, 99.5, 100};
    private static final String[] PERCENTILE_KEYS = {"25", "50", "75", "90", "95", "99", "99.5", "100"};

    private final String name;
    private final RollingBatchStats rolling;
    private final LongAdder[] events = new LongAdder[EventType.count()];
    private final LongAdder batches = new LongAdder();
    private final LongAdder requestsBatched = new LongAdder();
    private final LongAdder requests = new LongAdder();
    private final AtomicInteger batchesInFlight = new AtomicInteger();
    private final CopyOnWriteArrayList<IntConsumer> batchSizeListeners = new CopyOnWriteArrayList<>();
    private final CopyOnWriteArrayList<IntConsumer> cacheHitListeners = new CopyOnWriteArrayList<>();

    CollapserMetrics(String name, CollapserConfig config, Ticker ticker) {
        this.name = name;
        this.rolling = new RollingBatchStats(config, ticker);
        for (int i = 0; i < events.length; i++) {
            events[i] = new LongAdder();
        }
    }

    void batchDispatched(int size, int shards, boolean sampleSize) {
        batches.increment();
        requestsBatched.add(size);
        batchesInFlight.incrementAndGet();
        rolling.add(RollingBatchStats.BATCHES, 1);
        rolling.add(RollingBatchStats.REQUESTS_BATCHED, size);
        rolling.add(RollingBatchStats.SHARDS, shards);
        if (sampleSize) {
            rolling.sample(size);
        }
        tell(batchSizeListeners, size, "a batch");
    }

    private void tell(CopyOnWriteArrayList<IntConsumer> listeners, int value, String what) {
        for (IntConsumer listener : listeners) {
            try {
                listener.accept(value);
            } catch (Throwable thrown) {
                ListenerFailures.report(listener, what + " of collapser '" + name + "'", thrown);
            }
        }
    }

    /**
     * Subscribes to every batch dispatched: told its size (requests) on the dispatching thread, as it is
     * dispatched (what the metric binders' batch-size histograms record). A listener that throws is
     * logged and ignored; keep it fast.
     */
    public void addBatchSizeListener(IntConsumer listener) {
        batchSizeListeners.add(Objects.requireNonNull(listener, "listener"));
    }

    /** Unsubscribes a listener added with {@link #addBatchSizeListener}. */
    public void removeBatchSizeListener(IntConsumer listener) {
        batchSizeListeners.remove(listener);
    }

    /**
     * Subscribes to the requests answered from the request cache: told how many (1 for each such
     * request) when they complete, on the completing thread (what the Hystrix bridge's
     * RESPONSE_FROM_CACHE counts). A listener that throws is logged and ignored; keep it fast.
     */
    public void addCacheHitListener(IntConsumer listener) {
        cacheHitListeners.add(Objects.requireNonNull(listener, "listener"));
    }

    /** Unsubscribes a listener added with {@link #addCacheHitListener}. */
    public void removeCacheHitListener(IntConsumer listener) {
        cacheHitListeners.remove(listener);
    }

    void batchEnded() {
        batchesInFlight.decrementAndGet();
    }

    void requestCompleted(long eventMask) {
        requestsCompleted(eventMask, 1);
    }

    /** {@code count} requests completed with the same events (a batch's answers, counted once per batch). */
    void requestsCompleted(long eventMask, int count) {
        requests.add(count);
        long rest = eventMask;
        while (rest != 0) {
            events[Long.numberOfTrailingZeros(rest)].add(count);
            rest &= rest - 1;
        }
        if ((eventMask & EventType.RESPONSE_FROM_CACHE.bit()) != 0) {
            rolling.add(RollingBatchStats.RESPONSES_FROM_CACHE, count);
            tell(cacheHitListeners, count, "a response from the cache");
        }
    }

    /** Requests whose outcome carried {@code type} since creation. */
    public long cumulativeCount(EventType type) {
        return events[type.ordinal()].sum();
    }

    /** Requests completed since creation, by any outcome. */
    public long cumulativeRequests() {
        return requests.sum();
    }

    /** Batch dispatches whose calls have not all ended. */
    public int batchesInFlight() {
        return batchesInFlight.get();
    }

    /** An immutable snapshot of the figures, with {@code config} as the configuration in force. */
    public CollapserMetricsSnapshot snapshot(CollapserConfig config) {
        int[] sorted = rolling.sortedSamples();
        Map<String, Integer> percentiles = new LinkedHashMap<>();
        for (int i = 0; i < PERCENTILES.length; i++) {
            percentiles.put(PERCENTILE_KEYS[i], RollingBatchStats.percentile(sorted, PERCENTILES[i]));
        }
        long sum = 0;
        for (int size : sorted) {
            sum += size;
        }
        int mean = sorted.length == 0 ? 0 : (int) (sum / sorted.length);
        return new CollapserMetricsSnapshot(name, rolling.rolling(RollingBatchStats.BATCHES),
                rolling.rolling(RollingBatchStats.REQUESTS_BATCHED), rolling.rolling(RollingBatchStats.SHARDS),
                rolling.rolling(RollingBatchStats.RESPONSES_FROM_CACHE), mean, percentiles, batches.sum(),
                requestsBatched.sum(), requests.sum(), batchesInFlight.get(), config);
    }
}
