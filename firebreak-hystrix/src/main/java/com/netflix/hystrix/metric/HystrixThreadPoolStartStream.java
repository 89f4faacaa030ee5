package com.netflix.hystrix.metric;

import com.netflix.hystrix.HystrixThreadPoolKey;
import java.util.concurrent.ConcurrentHashMap;
import rx.Observable;

/** The THREAD-isolated commands of one thread-pool key as their run starts. */
public final class HystrixThreadPoolStartStream {

    private static final ConcurrentHashMap<String, HystrixThreadPoolStartStream> STREAMS = new ConcurrentHashMap<>();

    private final HystrixThreadPoolKey key;
    private final Observable<HystrixCommandExecutionStarted> stream;

    private HystrixThreadPoolStartStream(HystrixThreadPoolKey key) {
        this.key = key;
        String name = key.name();
        this.stream = HystrixCommandStartStream.ALL.filter(s -> s.isExecutedInThread()
                && s.getThreadPoolKey() != null && s.getThreadPoolKey().name().equals(name))
                .lift(new SubscriberShield<>(toString()));
    }

    /** The stream of {@code threadPoolKey}. */
    public static HystrixThreadPoolStartStream getInstance(HystrixThreadPoolKey threadPoolKey) {
        return STREAMS.computeIfAbsent(threadPoolKey.name(), k -> new HystrixThreadPoolStartStream(threadPoolKey));
    }

    /** This pool's starts from now on (hot: earlier ones are not replayed). */
    public Observable<HystrixCommandExecutionStarted> observe() {
        return stream;
    }

    @Override
    public String toString() {
        return "HystrixThreadPoolStartStream(" + key.name() + ")";
    }
}
