package com.netflix.hystrix.metric;

import com.netflix.hystrix.HystrixEventType;
import com.netflix.hystrix.HystrixThreadPoolKey;
import java.util.concurrent.ConcurrentHashMap;
import rx.Observable;

/** The commands of one thread-pool key as they finish: those that ran on the pool, and those it refused. */
public final class HystrixThreadPoolCompletionStream {

    private static final ConcurrentHashMap<String, HystrixThreadPoolCompletionStream> STREAMS = new ConcurrentHashMap<>();

    private final HystrixThreadPoolKey key;
    private final Observable<HystrixCommandCompletion> stream;

    private HystrixThreadPoolCompletionStream(HystrixThreadPoolKey key) {
        this.key = key;
        String name = key.name();
        this.stream = HystrixCommandCompletionStream.ALL
                // As 1.5.18: a pool's stream hears the runs it took and the tasks it refused, nothing else.
                .filter(c -> c.getThreadPoolKey() != null && c.getThreadPoolKey().name().equals(name)
                        && (c.isExecutedInThread() || c.getEventCount(HystrixEventType.THREAD_POOL_REJECTED) > 0))
                .lift(new SubscriberShield<>(toString()));
    }

    /** The stream of {@code threadPoolKey}. */
    public static HystrixThreadPoolCompletionStream getInstance(HystrixThreadPoolKey threadPoolKey) {
        return STREAMS.computeIfAbsent(threadPoolKey.name(), k -> new HystrixThreadPoolCompletionStream(threadPoolKey));
    }

    /** This pool's completions from now on (hot: earlier ones are not replayed). */
    public Observable<HystrixCommandCompletion> observe() {
        return stream;
    }

    @Override
    public String toString() {
        return "HystrixThreadPoolCompletionStream(" + key.name() + ")";
    }
}
