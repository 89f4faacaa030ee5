package com.netflix.hystrix.metric.consumer;

import com.netflix.hystrix.HystrixEventType;
import com.netflix.hystrix.metric.HystrixCommandCompletion;
import com.netflix.hystrix.metric.HystrixCommandExecutionStarted;

/* How each kind of stream counts: command and thread-pool events, and the highest concurrency. */
final class CommandEventCounts {

    static final HystrixEventType[] TYPES = HystrixEventType.values();
    static final HystrixEventType.ThreadPool[] POOL_TYPES = HystrixEventType.ThreadPool.values();

    static final BucketedStream.Counting<HystrixCommandCompletion> ROLLING_COMMAND =
            new BucketedStream.Counting<>(TYPES.length, false, Long::sum, CommandEventCounts::addCommand);
    static final BucketedStream.Counting<HystrixCommandCompletion> CUMULATIVE_COMMAND =
            new BucketedStream.Counting<>(TYPES.length, true, Long::sum, CommandEventCounts::addCommand);
    static final BucketedStream.Counting<HystrixCommandCompletion> ROLLING_POOL =
            new BucketedStream.Counting<>(POOL_TYPES.length, false, Long::sum, CommandEventCounts::addThreadPool);
    static final BucketedStream.Counting<HystrixCommandCompletion> CUMULATIVE_POOL =
            new BucketedStream.Counting<>(POOL_TYPES.length, true, Long::sum, CommandEventCounts::addThreadPool);

    // The highest concurrency a start reported, per bucket and over the window.
    static final BucketedStream.Counting<HystrixCommandExecutionStarted> MAX_CONCURRENCY =
            new BucketedStream.Counting<>(1, false, Math::max,
                    (bucket, started) -> bucket[0] = Math.max(bucket[0], started.getCurrentConcurrency()));

    private CommandEventCounts() {
    }

    static void addCommand(long[] bucket, HystrixCommandCompletion completion) {
        for (HystrixEventType type : TYPES) {
            bucket[type.ordinal()] += completion.getEventCount(type);
        }
    }

    // A pool counts a command whose run went to one of its threads, and a command it rejected.
    static void addThreadPool(long[] bucket, HystrixCommandCompletion completion) {
        if (completion.isExecutedInThread()) {
            bucket[HystrixEventType.ThreadPool.EXECUTED.ordinal()]++;
        }
        if (completion.getEventCount(HystrixEventType.THREAD_POOL_REJECTED) > 0) {
            bucket[HystrixEventType.ThreadPool.REJECTED.ordinal()]++;
        }
    }
}
