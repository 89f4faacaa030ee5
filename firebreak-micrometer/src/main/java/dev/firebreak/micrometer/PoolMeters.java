package dev.firebreak.micrometer;

import dev.firebreak.isolation.GuardThreadPool;
import dev.firebreak.metrics.ThreadPoolMetricsSnapshot;
import dev.firebreak.time.Ticker;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import java.util.function.ToDoubleFunction;

/**
 * The meters of one thread pool, tagged {@code pool}: threads (active, current, largest, core,
 * maximum), queue (size, rejection threshold), admitted calls, rolling executions and rejections
 * (gauges), and {@code firebreak.pool.tasks.completed} (a FunctionCounter).
 */
final class PoolMeters {

    private final GuardThreadPool pool;
    private final MeterSet meters;

    PoolMeters(GuardThreadPool pool, MeterRegistry registry, Ticker ticker, long snapshotMaxAgeNanos) {
        this.pool = pool;
        this.meters = new MeterSet(registry);
        Memo<ThreadPoolMetricsSnapshot> snapshot = new Memo<>(pool::metricsSnapshot, ticker, snapshotMaxAgeNanos);
        Tags tags = Tags.of("pool", pool.name());
        gauge(registry, snapshot, "firebreak.pool.threads.active", tags, "threads", ThreadPoolMetricsSnapshot::activeCount);
        gauge(registry, snapshot, "firebreak.pool.threads.current", tags, "threads", ThreadPoolMetricsSnapshot::poolSize);
        gauge(registry, snapshot, "firebreak.pool.threads.largest", tags, "threads", ThreadPoolMetricsSnapshot::largestPoolSize);
        gauge(registry, snapshot, "firebreak.pool.threads.core", tags, "threads", ThreadPoolMetricsSnapshot::corePoolSize);
        gauge(registry, snapshot, "firebreak.pool.threads.max", tags, "threads", ThreadPoolMetricsSnapshot::maximumPoolSize);
        gauge(registry, snapshot, "firebreak.pool.threads.active.max", tags, "threads", ThreadPoolMetricsSnapshot::rollingMaxActive);
        gauge(registry, snapshot, "firebreak.pool.queue.size", tags, "tasks", ThreadPoolMetricsSnapshot::queueSize);
        gauge(registry, snapshot, "firebreak.pool.queue.rejection.threshold", tags, "tasks",
                ThreadPoolMetricsSnapshot::queueSizeRejectionThreshold);
        gauge(registry, snapshot, "firebreak.pool.executed.rolling", tags, "tasks", ThreadPoolMetricsSnapshot::rollingExecuted);
        gauge(registry, snapshot, "firebreak.pool.rejected.rolling", tags, "calls", ThreadPoolMetricsSnapshot::rollingRejected);
        meters.add(Gauge.builder("firebreak.pool.admitted", pool, GuardThreadPool::admitted).tags(tags).baseUnit("calls")
                .description("Calls admitted to the pool and not yet ended").register(registry));
        meters.add(FunctionCounter.builder("firebreak.pool.tasks.completed", pool, GuardThreadPool::completedTaskCount)
                .tags(tags).baseUnit("tasks").description("Tasks the pool has completed").register(registry));
    }

    GuardThreadPool pool() {
        return pool;
    }

    void remove() {
        meters.removeAll();
    }

    private void gauge(MeterRegistry registry, Memo<ThreadPoolMetricsSnapshot> snapshot, String name, Tags tags,
                       String unit, ToDoubleFunction<ThreadPoolMetricsSnapshot> read) {
        meters.add(Gauge.builder(name, snapshot, m -> read.applyAsDouble(m.get()))
                .tags(tags).baseUnit(unit).strongReference(true).register(registry));
    }
}
