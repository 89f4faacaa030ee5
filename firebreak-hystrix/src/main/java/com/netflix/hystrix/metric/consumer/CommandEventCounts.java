package com.netflix.hystrix.metric.consumer;

import com.netflix.hystrix.HystrixEventType;
import com.netflix.hystrix.metric.HystrixCommandCompletion;

/* How the command streams count a completion, and how the thread-pool streams do. */
final class CommandEventCounts {

    static final HystrixEventType[] TYPES = HystrixEventType.values();
    static final HystrixEventType.ThreadPool[] POOL_TYPES = HystrixEventType.ThreadPool.values();

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
