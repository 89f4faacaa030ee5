package com.netflix.hystrix.metric;

import com.netflix.hystrix.HystrixCollapserKey;
import com.netflix.hystrix.HystrixEventType;

/**
 * Something a collapser did, counted: a batch sent ({@code BATCH_EXECUTED}, count 1), the requests it
 * carried ({@code ADDED_TO_BATCH}, count = the batch's size) or a request answered from the request
 * cache ({@code RESPONSE_FROM_CACHE}, count 1).
 */
public final class HystrixCollapserEvent {

    private final HystrixCollapserKey collapserKey;
    private final HystrixEventType.Collapser eventType;
    private final int count;

    private HystrixCollapserEvent(HystrixCollapserKey collapserKey, HystrixEventType.Collapser eventType, int count) {
        this.collapserKey = collapserKey;
        this.eventType = eventType;
        this.count = count;
    }

    /**
     * An event of {@code collapserKey}.
     *
     * @throws IllegalArgumentException if {@code count} is negative
     * @throws NullPointerException if the key or the type is null
     */
    public static HystrixCollapserEvent from(HystrixCollapserKey collapserKey, HystrixEventType.Collapser eventType, int count) {
        if (collapserKey == null || eventType == null) {
            throw new NullPointerException("HystrixCollapserEvent: collapserKey and eventType are required");
        }
        if (count < 0) {
            throw new IllegalArgumentException("HystrixCollapserEvent of " + collapserKey.name() + ": count=" + count + " is negative");
        }
        return new HystrixCollapserEvent(collapserKey, eventType, count);
    }

    public HystrixCollapserKey getCollapserKey() {
        return collapserKey;
    }

    public HystrixEventType.Collapser getEventType() {
        return eventType;
    }

    public int getCount() {
        return count;
    }

    @Override
    public String toString() {
        return "HystrixCollapserEvent[" + collapserKey.name() + "] : " + eventType.name() + " : " + count;
    }
}
