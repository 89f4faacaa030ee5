package com.netflix.hystrix.util;

import java.util.ArrayDeque;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.LongFunction;

/*
 * The buckets of a rolling window, oldest first, shared by HystrixRollingNumber and
 * HystrixRollingPercentile. Each bucket covers bucketMillis from its start; the buckets are aligned on
 * the first bucket's start, and a gap in time is filled with empty buckets, at most `capacity` kept.
 * A gap of a whole window or more starts over with one bucket at the current time.
 *
 * Invariants: `buckets` is an immutable list, replaced as a whole under the monitor; the starts in it
 * are strictly increasing, one bucketMillis apart. Readers take the volatile list and never lock; the
 * hot path (the last bucket still covers now) is one volatile read. Rolling is decided under the
 * monitor, after re-reading the list, so two threads never both add the same bucket. onRoll runs
 * under the monitor with the new list, so what it derives from the buckets is published in roll order.
 */
final class TimeBuckets<B extends TimeBuckets.Bucket> {

    /** A bucket: the start of the time it covers. */
    interface Bucket {
        long windowStart();
    }

    private final int capacity;
    private final long bucketMillis;
    private final long windowMillis;
    private final LongFunction<B> newBucket;
    private final Consumer<List<B>> onRoll;
    private volatile List<B> buckets = List.of();

    TimeBuckets(int capacity, long bucketMillis, LongFunction<B> newBucket, Consumer<List<B>> onRoll) {
        this.capacity = capacity;
        this.bucketMillis = bucketMillis;
        this.windowMillis = bucketMillis * capacity;
        this.newBucket = newBucket;
        this.onRoll = onRoll;
    }

    /** The bucket that covers {@code now}, made (with the empty ones before it) if none does yet. */
    B current(long now) {
        List<B> list = buckets;
        if (!list.isEmpty()) {
            B last = list.get(list.size() - 1);
            if (now < last.windowStart() + bucketMillis) {
                return last;
            }
        }
        return roll(now);
    }

    private synchronized B roll(long now) {
        List<B> list = buckets;
        ArrayDeque<B> next = new ArrayDeque<>(list);
        B last = next.peekLast();
        if (last != null && now < last.windowStart() + bucketMillis) {
            return last; // another thread rolled while this one waited for the monitor
        }
        if (last == null || now - (last.windowStart() + bucketMillis) >= windowMillis) {
            next.clear();
            last = newBucket.apply(now);
            next.addLast(last);
        } else {
            while (now >= last.windowStart() + bucketMillis) {
                last = newBucket.apply(last.windowStart() + bucketMillis);
                next.addLast(last);
                if (next.size() > capacity) {
                    next.removeFirst();
                }
            }
        }
        List<B> published = List.copyOf(next);
        buckets = published;
        if (onRoll != null) {
            onRoll.accept(published);
        }
        return last;
    }

    /** Forgets every bucket. */
    synchronized void clear() {
        buckets = List.of();
        if (onRoll != null) {
            onRoll.accept(List.of());
        }
    }

    /** The buckets now, oldest first. */
    List<B> all() {
        return buckets;
    }

    int size() {
        return buckets.size();
    }

    /** The newest bucket, or null when there is none. */
    B peekLast() {
        List<B> list = buckets;
        return list.isEmpty() ? null : list.get(list.size() - 1);
    }

    /** The newest bucket, or null when there is none. */
    B getLast() {
        return peekLast();
    }
}
