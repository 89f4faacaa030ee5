package dev.firebreak.micrometer;

import static dev.firebreak.metrics.MetricVocabulary.POOL;

import dev.firebreak.isolation.GuardThreadPool;
import dev.firebreak.metrics.MetricDetail;
import dev.firebreak.metrics.MetricSpec;
import dev.firebreak.metrics.MetricVocabulary;
import dev.firebreak.metrics.ThreadPoolMetricsSnapshot;
import dev.firebreak.time.Ticker;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import java.util.Set;
import java.util.function.ToDoubleFunction;

/**
 * The meters of one thread pool, tagged {@code pool}: threads (active, current, largest, core,
 * maximum), queue (size, rejection threshold), tasks admitted (gauges) and completed (a FunctionCounter);
 * with {@link MetricDetail#ROLLING_WINDOW}, the rolling window's executed and rejected tasks and most
 * active threads. Names, help texts and units are the vocabulary's ({@link MetricVocabulary}).
 */
final class PoolMeters {

    private final GuardThreadPool pool;
    private final MeterSet meters;

    PoolMeters(GuardThreadPool pool, MeterRegistry registry, Set<MetricDetail> details, Ticker ticker, long snapshotMaxAgeNanos) {
        this.pool = pool;
        this.meters = new MeterSet(registry);
        Memo<ThreadPoolMetricsSnapshot> snapshot = new Memo<>(pool::metricsSnapshot, ticker, snapshotMaxAgeNanos);
        Tags tags = Tags.of(POOL, pool.name());
        gauge(registry, snapshot, MetricVocabulary.POOL_THREADS_ACTIVE, tags, ThreadPoolMetricsSnapshot::activeCount);
        gauge(registry, snapshot, MetricVocabulary.POOL_THREADS_CURRENT, tags, ThreadPoolMetricsSnapshot::poolSize);
        gauge(registry, snapshot, MetricVocabulary.POOL_THREADS_LARGEST, tags, ThreadPoolMetricsSnapshot::largestPoolSize);
        gauge(registry, snapshot, MetricVocabulary.POOL_THREADS_CORE, tags, ThreadPoolMetricsSnapshot::corePoolSize);
        gauge(registry, snapshot, MetricVocabulary.POOL_THREADS_MAX, tags, ThreadPoolMetricsSnapshot::maximumPoolSize);
        gauge(registry, snapshot, MetricVocabulary.POOL_QUEUE_SIZE, tags, ThreadPoolMetricsSnapshot::queueSize);
        gauge(registry, snapshot, MetricVocabulary.POOL_QUEUE_REJECTION_THRESHOLD, tags,
                ThreadPoolMetricsSnapshot::queueSizeRejectionThreshold);
        meters.add(Specs.gauge(MetricVocabulary.POOL_TASKS_ADMITTED, tags, pool, GuardThreadPool::admitted).register(registry));
        meters.add(Specs.counter(MetricVocabulary.POOL_TASKS_COMPLETED, tags, pool, GuardThreadPool::completedTaskCount)
                .register(registry));
        if (details.contains(MetricDetail.ROLLING_WINDOW)) {
            gauge(registry, snapshot, MetricVocabulary.POOL_ROLLING_TASKS_EXECUTED, tags, ThreadPoolMetricsSnapshot::rollingExecuted);
            gauge(registry, snapshot, MetricVocabulary.POOL_ROLLING_TASKS_REJECTED, tags, ThreadPoolMetricsSnapshot::rollingRejected);
            gauge(registry, snapshot, MetricVocabulary.POOL_ROLLING_THREADS_ACTIVE_MAX, tags, ThreadPoolMetricsSnapshot::rollingMaxActive);
        }
    }

    GuardThreadPool pool() {
        return pool;
    }

    void remove() {
        meters.removeAll();
    }

    private void gauge(MeterRegistry registry, Memo<ThreadPoolMetricsSnapshot> snapshot, MetricSpec spec, Tags tags,
                       ToDoubleFunction<ThreadPoolMetricsSnapshot> read) {
        meters.add(Specs.gauge(spec, tags, snapshot, m -> read.applyAsDouble(m.get())).strongReference(true).register(registry));
    }
}
