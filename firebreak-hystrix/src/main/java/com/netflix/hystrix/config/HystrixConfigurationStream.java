package com.netflix.hystrix.config;

import com.netflix.hystrix.HystrixCollapserKey;
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
 * Samples the configuration of every command key, thread pool and collapser of the bridge once per
 * interval ({@code hystrix.stream.config.intervalInMilliseconds}, default 5000, read when the
 * process-wide stream is made). The keys are those the bridge keeps metrics for, the values their
 * properties as they read at the sample. The sampling runs while someone observes the stream, shared
 * by every subscriber; a slow subscriber loses samples rather than holding the others back.
 */
public class HystrixConfigurationStream {

    private static final int DEFAULT_INTERVAL = 5000;
    private static volatile HystrixConfigurationStream instance;

    private final int intervalInMilliseconds;
    private final Observable<HystrixConfiguration> samples;
    private final AtomicBoolean running = new AtomicBoolean();

    /**
     * A stream that samples every {@code intervalInMilliseconds}.
     *
     * @deprecated as in 1.5.18: use {@link #getInstance()}, so every reader shares one sampling
     */
    @Deprecated
    public HystrixConfigurationStream(int intervalInMilliseconds) {
        this(intervalInMilliseconds, Schedulers.computation());
    }

    /* `ticks` paces the samples: RxJava's computation scheduler, or a test's TestScheduler. */
    HystrixConfigurationStream(int intervalInMilliseconds, Scheduler ticks) {
        this.samples = Sampling.every("HystrixConfigurationStream", intervalInMilliseconds, ticks, HystrixConfigurationStream::sampleNow, running);
        this.intervalInMilliseconds = intervalInMilliseconds;
    }

    /** The process-wide stream, made on first use. */
    public static HystrixConfigurationStream getInstance() {
        HystrixConfigurationStream s = instance;
        if (s == null) {
            synchronized (HystrixConfigurationStream.class) {
                s = instance;
                if (s == null) {
                    int interval = HystrixPlugins.getInstance().getDynamicProperties()
                            .getInteger("hystrix.stream.config.intervalInMilliseconds", DEFAULT_INTERVAL).get();
                    s = new HystrixConfigurationStream(interval, Schedulers.computation());
                    instance = s;
                }
            }
        }
        return s;
    }

    /** A stream of its own, for tests that must not share the process-wide one. */
    static HystrixConfigurationStream getNonSingletonInstanceOnlyUsedInUnitTests(int delayInMs) {
        return new HystrixConfigurationStream(delayInMs, Schedulers.computation());
    }

    /** The samples, one per interval, while at least one subscriber listens. */
    public Observable<HystrixConfiguration> observe() {
        return samples;
    }

    /** Each sample's command configurations. */
    public Observable<Map<HystrixCommandKey, HystrixCommandConfiguration>> observeCommandConfiguration() {
        return samples.map(HystrixConfiguration::getCommandConfig);
    }

    /** Each sample's thread-pool configurations. */
    public Observable<Map<HystrixThreadPoolKey, HystrixThreadPoolConfiguration>> observeThreadPoolConfiguration() {
        return samples.map(HystrixConfiguration::getThreadPoolConfig);
    }

    /** Each sample's collapser configurations. */
    public Observable<Map<HystrixCollapserKey, HystrixCollapserConfiguration>> observeCollapserConfiguration() {
        return samples.map(HystrixConfiguration::getCollapserConfig);
    }

    public int getIntervalInMilliseconds() {
        return intervalInMilliseconds;
    }

    /** Whether the sampling runs: someone observes the stream. */
    public boolean isSourceCurrentlySubscribed() {
        return running.get();
    }

    static HystrixConfiguration sampleNow() {
        Map<HystrixCommandKey, HystrixCommandConfiguration> commands = new HashMap<>();
        for (HystrixCommandMetrics metrics : HystrixCommandMetrics.getInstances()) {
            commands.put(metrics.getCommandKey(), HystrixCommandConfiguration.sample(metrics.getCommandKey(),
                    metrics.getThreadPoolKey(), metrics.getCommandGroup(), metrics.getProperties()));
        }
        Map<HystrixThreadPoolKey, HystrixThreadPoolConfiguration> pools = new HashMap<>();
        for (HystrixThreadPoolMetrics metrics : HystrixThreadPoolMetrics.getInstances()) {
            pools.put(metrics.getThreadPoolKey(), HystrixThreadPoolConfiguration.sample(metrics.getThreadPoolKey(), metrics.getProperties()));
        }
        return HystrixConfiguration.from(commands, pools, CollapserConfigurations.sampleNow());
    }
}
