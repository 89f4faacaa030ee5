package dev.firebreak.lab.peers;

import com.netflix.hystrix.Hystrix;
import com.netflix.hystrix.HystrixCommand;
import com.netflix.hystrix.HystrixCommandGroupKey;
import com.netflix.hystrix.HystrixCommandKey;
import com.netflix.hystrix.HystrixCommandProperties;
import com.netflix.hystrix.HystrixThreadPoolKey;
import com.netflix.hystrix.HystrixThreadPoolProperties;

/**
 * The seed's Hystrix setup: group {@code random.org}, a thread pool of 100 with a queue of 100
 * (rejection threshold 100) and a 2000 ms timeout. Hystrix keeps properties, pools and collapsers in
 * static maps keyed by name, first definition wins: each lab variant therefore uses its own keys
 * (suffixed with the variant's name), and the lab calls {@link #resetAll()} between variants.
 */
public final class HystrixSettings {

    /** The seed's thread pool size. */
    public static final int POOL_SIZE = 100;
    /** The seed's queue size and rejection threshold. */
    public static final int QUEUE_SIZE = 100;
    /** The seed's timeout. */
    public static final int TIMEOUT_MS = 2000;

    private HystrixSettings() {
    }

    /** The command setter of the seed, with keys unique to {@code variant}. */
    public static HystrixCommand.Setter command(String variant) {
        return HystrixCommand.Setter
                .withGroupKey(HystrixCommandGroupKey.Factory.asKey("random.org"))
                .andCommandKey(HystrixCommandKey.Factory.asKey("generateIntegers-" + variant))
                .andThreadPoolKey(HystrixThreadPoolKey.Factory.asKey("random.org-" + variant))
                .andThreadPoolPropertiesDefaults(HystrixThreadPoolProperties.Setter()
                        .withCoreSize(POOL_SIZE)
                        .withMaxQueueSize(QUEUE_SIZE)
                        .withQueueSizeRejectionThreshold(QUEUE_SIZE))
                .andCommandPropertiesDefaults(HystrixCommandProperties.Setter()
                        .withExecutionTimeoutInMilliseconds(TIMEOUT_MS));
    }

    /** Shuts down every Hystrix pool and timer and forgets every key (between variants, never during one). */
    public static void resetAll() {
        Hystrix.reset();
    }
}
