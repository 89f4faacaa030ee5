package dev.firebreak.opentelemetry;

import dev.firebreak.GuardRegistry;
import dev.firebreak.isolation.GuardThreadPool;
import dev.firebreak.live.DynamicConfiguration;
import dev.firebreak.live.SourceStatus;
import dev.firebreak.metrics.MetricDetail;
import dev.firebreak.metrics.MetricSpec;
import dev.firebreak.metrics.MetricVocabulary;
import dev.firebreak.metrics.ThreadPoolMetricsSnapshot;
import io.opentelemetry.api.common.Attributes;
import java.util.List;
import java.util.Set;
import java.util.function.ToDoubleFunction;

/**
 * The thread pools' instruments (attribute {@code pool}) and the live configuration sources'
 * ({@code source}), read from the registry at each collection.
 */
final class PoolInstruments {

    private PoolInstruments() {
    }

    static void register(GuardRegistry guards, Instruments instruments, Set<MetricDetail> details) {
        gauge(guards, instruments, MetricVocabulary.POOL_THREADS_ACTIVE, ThreadPoolMetricsSnapshot::activeCount);
        gauge(guards, instruments, MetricVocabulary.POOL_THREADS_CURRENT, ThreadPoolMetricsSnapshot::poolSize);
        gauge(guards, instruments, MetricVocabulary.POOL_THREADS_LARGEST, ThreadPoolMetricsSnapshot::largestPoolSize);
        gauge(guards, instruments, MetricVocabulary.POOL_THREADS_CORE, ThreadPoolMetricsSnapshot::corePoolSize);
        gauge(guards, instruments, MetricVocabulary.POOL_THREADS_MAX, ThreadPoolMetricsSnapshot::maximumPoolSize);
        gauge(guards, instruments, MetricVocabulary.POOL_QUEUE_SIZE, ThreadPoolMetricsSnapshot::queueSize);
        gauge(guards, instruments, MetricVocabulary.POOL_QUEUE_REJECTION_THRESHOLD,
                ThreadPoolMetricsSnapshot::queueSizeRejectionThreshold);
        instruments.<GuardThreadPool>gauge(MetricVocabulary.POOL_TASKS_ADMITTED, guards::pools,
                (p, m) -> m.record(p.admitted(), of(p)));
        instruments.<GuardThreadPool>counter(MetricVocabulary.POOL_TASKS_COMPLETED, guards::pools,
                (p, m) -> m.record(p.completedTaskCount(), of(p)));
        if (details.contains(MetricDetail.ROLLING_WINDOW)) {
            gauge(guards, instruments, MetricVocabulary.POOL_ROLLING_TASKS_EXECUTED, ThreadPoolMetricsSnapshot::rollingExecuted);
            gauge(guards, instruments, MetricVocabulary.POOL_ROLLING_TASKS_REJECTED, ThreadPoolMetricsSnapshot::rollingRejected);
            gauge(guards, instruments, MetricVocabulary.POOL_ROLLING_THREADS_ACTIVE_MAX, ThreadPoolMetricsSnapshot::rollingMaxActive);
        }
        instruments.<SourceStatus>gauge(MetricVocabulary.CONFIG_SOURCE_FAILING, () -> sources(guards),
                (s, m) -> m.record(s.failing() ? 1 : 0, Instruments.attributes(MetricVocabulary.SOURCE, s.name())));
        instruments.<SourceStatus>gauge(MetricVocabulary.CONFIG_SOURCE_FAILING_DURATION, () -> sources(guards),
                (s, m) -> m.record(s.failingFor().toNanos() / 1e9, Instruments.attributes(MetricVocabulary.SOURCE, s.name())));
    }

    private static List<SourceStatus> sources(GuardRegistry guards) {
        return guards.configResolver() instanceof DynamicConfiguration live ? live.sources() : List.of();
    }

    private static void gauge(GuardRegistry guards, Instruments instruments, MetricSpec spec,
            ToDoubleFunction<ThreadPoolMetricsSnapshot> read) {
        // a pool's snapshot is a handful of reads: one per gauge costs less than sharing it would
        instruments.<GuardThreadPool>gauge(spec, guards::pools, (p, m) -> m.record(read.applyAsDouble(p.metricsSnapshot()), of(p)));
    }

    private static Attributes of(GuardThreadPool pool) {
        return Instruments.attributes(MetricVocabulary.POOL, pool.name());
    }
}
