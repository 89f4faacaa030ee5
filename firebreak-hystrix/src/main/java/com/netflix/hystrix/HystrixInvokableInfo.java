package com.netflix.hystrix;

import java.util.List;

/** What a command is and what happened when it ran: the request log lists these. */
public interface HystrixInvokableInfo<R> {

    HystrixCommandGroupKey getCommandGroup();

    HystrixCommandKey getCommandKey();

    HystrixThreadPoolKey getThreadPoolKey();

    /** The key this command is cached under in the request cache, or null. */
    String getPublicCacheKey();

    HystrixCollapserKey getOriginatingCollapserKey();

    HystrixCommandMetrics getMetrics();

    HystrixCommandProperties getProperties();

    boolean isCircuitBreakerOpen();

    boolean isExecutionComplete();

    boolean isExecutedInThread();

    boolean isSuccessfulExecution();

    boolean isFailedExecution();

    Throwable getFailedExecutionException();

    boolean isResponseFromFallback();

    boolean isResponseTimedOut();

    boolean isResponseShortCircuited();

    boolean isResponseFromCache();

    boolean isResponseRejected();

    boolean isResponseSemaphoreRejected();

    boolean isResponseThreadPoolRejected();

    List<HystrixEventType> getExecutionEvents();

    int getNumberEmissions();

    int getNumberFallbackEmissions();

    int getNumberCollapsed();

    int getExecutionTimeInMilliseconds();

    long getCommandRunStartTimeInNanos();

    Throwable getExecutionException();
}
