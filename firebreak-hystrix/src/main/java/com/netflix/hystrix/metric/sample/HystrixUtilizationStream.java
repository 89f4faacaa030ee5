package com.netflix.hystrix.metric.sample;

import com.netflix.hystrix.HystrixCommandKey;
import com.netflix.hystrix.HystrixCommandMetrics;
import com.netflix.hystrix.HystrixThreadPoolKey;
import com.netflix.hystrix.HystrixThreadPoolMetrics;
import com.netflix.hystrix.strategy.HystrixPlugins;
import dev.firebreak.hystrix.internal.Sampling;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import rx.Observable;
import rx.Scheduler;
import rx.schedulers.Schedulers;

/**
 * Samples the utilization of every command key and thread pool of the bridge once per interval
 * ({@code hystrix.stream.utilization.intervalInMilliseconds}, default 500, read when the stream is
 * made). The sampling runs while someone observes the stream, shared by every subscriber.
 */
public class HystrixUtilizationStream {

    private static final int DEFAULT_INTERVAL = 500;
    private static volatile HystrixUtilizationStream instance;

    private final int intervalInMilliseconds;
    private final Observable<HystrixUtilization> samples;
    private final AtomicBoolean running = new AtomicBoolean();

    /** A stream that samples every {@code intervalInMilliseconds}. */
    public HystrixUtilizationStream(int intervalInMilliseconds) {
        this(intervalInMilliseconds, Schedulers.computation());
    }

    /* `ticks` paces the samples: RxJava's computation scheduler, or a test's TestScheduler. */
    HystrixUtilizationStream(int intervalInMilliseconds, Scheduler ticks) {
        this.samples = Sampling.every("HystrixUtilizationStream", intervalInMilliseconds, ticks, HystrixUtilizationStream::sampleNow, running);
        this.intervalInMilliseconds = intervalInMilliseconds;
    }

    /** The process-wide stream, made on first use. */
    public static HystrixUtilizationStream getInstance() {
        HystrixUtilizationStream s = instance;
        if (s == null) {
            synchronized (HystrixUtilizationStream.class) {
                s = instance;
                if (s == null) {
                    int interval = HystrixPlugins.getInstance().getDynamicProperties()
                            .getInteger("hystrix.stream.utilization.intervalInMilliseconds", DEFAULT_INTERVAL).get();
                    s = new HystrixUtilizationStream(interval);
                    instance = s;
                }
            }
        }
        return s;
    }

    /** A stream of its own, for tests that must not share the process-wide one. */
    static HystrixUtilizationStream getNonSingletonInstanceOnlyUsedInUnitTests(int delayInMs) {
        return new HystrixUtilizationStream(delayInMs);
    }

    /** The samples, one per interval. */
    public Observable<HystrixUtilization> observe() {
        return samples;
    }

    /** Each sample's command utilizations. */
    public Observable<Map<HystrixCommandKey, HystrixCommandUtilization>> observeCommandUtilization() {
        return samples.map(HystrixUtilization::getCommandUtilizationMap);
    }

    /** Each sample's thread-pool utilizations. */
    public Observable<Map<HystrixThreadPoolKey, HystrixThreadPoolUtilization>> observeThreadPoolUtilization() {
        return samples.map(HystrixUtilization::getThreadPoolUtilizationMap);
    }

    public int getIntervalInMilliseconds() {
        return intervalInMilliseconds;
    }

    /** Whether the sampling runs: someone observes the stream. */
    boolean isSourceCurrentlySubscribed() {
        return running.get();
    }

    private static HystrixUtilization sampleNow() {
        Map<HystrixCommandKey, HystrixCommandUtilization> commands = new HashMap<>();
        for (HystrixCommandMetrics metrics : HystrixCommandMetrics.getInstances()) {
            commands.put(metrics.getCommandKey(), HystrixCommandUtilization.sample(metrics));
        }
        Map<HystrixThreadPoolKey, HystrixThreadPoolUtilization> pools = new HashMap<>();
        for (HystrixThreadPoolMetrics metrics : HystrixThreadPoolMetrics.getInstances()) {
            pools.put(metrics.getThreadPoolKey(), HystrixThreadPoolUtilization.sample(metrics));
        }
        return HystrixUtilization.from(commands, pools);
    }
}
