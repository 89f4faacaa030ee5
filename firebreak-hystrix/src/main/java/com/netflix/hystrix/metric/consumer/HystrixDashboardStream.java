package com.netflix.hystrix.metric.consumer;

import com.netflix.hystrix.HystrixCollapserMetrics;
import com.netflix.hystrix.HystrixCommandMetrics;
import com.netflix.hystrix.HystrixThreadPoolMetrics;
import com.netflix.hystrix.strategy.HystrixPlugins;
import dev.firebreak.hystrix.internal.Sampling;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import rx.Observable;
import rx.Scheduler;
import rx.schedulers.Schedulers;

/**
 * What the Hystrix Dashboard shows, once per interval ({@code hystrix.stream.dashboard.intervalInMilliseconds},
 * default 500, read when the process-wide stream is made): the metrics of every command key, thread pool
 * and collapser of the bridge. hystrix-metrics-event-stream's {@code HystrixMetricsStreamServlet} turns each
 * {@link DashboardData} into the {@code hystrix.stream} JSON. The metrics objects read the guards' live
 * figures; the stream samples nothing of its own. It runs while someone observes it, shared by every
 * subscriber.
 */
public class HystrixDashboardStream {

    private static final int DEFAULT_INTERVAL = 500;
    private static volatile HystrixDashboardStream instance;

    final int delayInMs;
    private final Observable<DashboardData> samples;
    private final AtomicBoolean running = new AtomicBoolean();

    /* `ticks` paces the samples: RxJava's computation scheduler, or a test's TestScheduler. */
    HystrixDashboardStream(int delayInMs, Scheduler ticks) {
        this.samples = Sampling.every("HystrixDashboardStream", delayInMs, ticks, () -> new DashboardData(
                List.copyOf(HystrixCommandMetrics.getInstances()), List.copyOf(HystrixThreadPoolMetrics.getInstances()),
                List.copyOf(HystrixCollapserMetrics.getInstances())), running);
        this.delayInMs = delayInMs;
    }

    /** The process-wide stream, made on first use. */
    public static HystrixDashboardStream getInstance() {
        HystrixDashboardStream s = instance;
        if (s == null) {
            synchronized (HystrixDashboardStream.class) {
                s = instance;
                if (s == null) {
                    int interval = HystrixPlugins.getInstance().getDynamicProperties()
                            .getInteger("hystrix.stream.dashboard.intervalInMilliseconds", DEFAULT_INTERVAL).get();
                    s = new HystrixDashboardStream(interval, Schedulers.computation());
                    instance = s;
                }
            }
        }
        return s;
    }

    /** A stream of its own, for tests that must not share the process-wide one. */
    static HystrixDashboardStream getNonSingletonInstanceOnlyUsedInUnitTests(int delayInMs) {
        return new HystrixDashboardStream(delayInMs, Schedulers.computation());
    }

    /** The samples, one per interval, while at least one subscriber listens. */
    public Observable<DashboardData> observe() {
        return samples;
    }

    /** Whether the sampling runs: someone observes the stream. */
    public boolean isSourceCurrentlySubscribed() {
        return running.get();
    }

    /** One sample: the metrics objects of every command key, thread pool and collapser at that moment. */
    public static class DashboardData {
        final Collection<HystrixCommandMetrics> commandMetrics;
        final Collection<HystrixThreadPoolMetrics> threadPoolMetrics;
        final Collection<HystrixCollapserMetrics> collapserMetrics;

        public DashboardData(Collection<HystrixCommandMetrics> commandMetrics, Collection<HystrixThreadPoolMetrics> threadPoolMetrics,
                Collection<HystrixCollapserMetrics> collapserMetrics) {
            this.commandMetrics = commandMetrics;
            this.threadPoolMetrics = threadPoolMetrics;
            this.collapserMetrics = collapserMetrics;
        }

        public Collection<HystrixCommandMetrics> getCommandMetrics() {
            return commandMetrics;
        }

        public Collection<HystrixThreadPoolMetrics> getThreadPoolMetrics() {
            return threadPoolMetrics;
        }

        public Collection<HystrixCollapserMetrics> getCollapserMetrics() {
            return collapserMetrics;
        }
    }
}
