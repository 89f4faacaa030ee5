package dev.firebreak.stream;

import dev.firebreak.isolation.GuardThreadPool;
import dev.firebreak.metrics.ThreadPoolMetricsSnapshot;

/**
 * Writes one thread pool as a hystrix.stream {@code HystrixThreadPool} event: the fields of Hystrix's
 * {@code writeThreadPoolMetrics}, in its order, integers only, then Firebreak's own figures.
 */
final class ThreadPoolEvent {

    private ThreadPoolEvent() {
    }

    static void write(JsonWriter json, GuardThreadPool pool, long currentTimeMillis) {
        ThreadPoolMetricsSnapshot s = pool.metricsSnapshot();
        json.begin()
                .field("type", "HystrixThreadPool")
                .field("name", pool.name())
                .field("currentTime", currentTimeMillis)
                .field("currentActiveCount", s.activeCount())
                .field("currentCompletedTaskCount", s.completedTaskCount())
                .field("currentCorePoolSize", s.corePoolSize())
                .field("currentLargestPoolSize", s.largestPoolSize())
                .field("currentMaximumPoolSize", s.maximumPoolSize())
                .field("currentPoolSize", s.poolSize())
                .field("currentQueueSize", s.queueSize())
                .field("currentTaskCount", s.taskCount())
                .field("rollingCountThreadsExecuted", s.rollingExecuted())
                .field("rollingMaxActiveThreads", s.rollingMaxActive())
                .field("rollingCountCommandRejections", s.rollingRejected())
                .field("propertyValue_queueSizeRejectionThreshold", s.queueSizeRejectionThreshold())
                .field("propertyValue_metricsRollingStatisticalWindowInMilliseconds", s.rollingWindowMillis())
                .field("reportingHosts", 1)
                .field("firebreak_admitted", pool.admitted())
                .field("firebreak_admissionLimit", pool.admissionLimit())
                .end();
    }
}
