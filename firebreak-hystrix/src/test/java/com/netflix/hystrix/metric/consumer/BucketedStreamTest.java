package com.netflix.hystrix.metric.consumer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.netflix.hystrix.HystrixCommandKey;
import com.netflix.hystrix.HystrixEventType;
import com.netflix.hystrix.HystrixThreadPoolKey;
import com.netflix.hystrix.metric.HystrixCommandCompletion;
import com.netflix.hystrix.metric.HystrixCommandExecutionStarted;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import rx.Subscription;
import rx.observers.TestSubscriber;
import rx.schedulers.TestScheduler;
import rx.subjects.PublishSubject;

class BucketedStreamTest {

    private final TestScheduler ticks = new TestScheduler();
    private final PublishSubject<HystrixCommandCompletion> input = PublishSubject.create();

    private BucketedStream<HystrixCommandCompletion, long[]> stream(boolean cumulative) {
        // 3 buckets of 100 ms, counting command events
        return new BucketedStream<>(input, "Test", 3, 100,
                cumulative ? CommandEventCounts.CUMULATIVE_COMMAND : CommandEventCounts.ROLLING_COMMAND, counts -> counts, ticks) { };
    }

    private static HystrixCommandCompletion finished(HystrixEventType... events) {
        long[] counts = new long[HystrixEventType.values().length];
        for (HystrixEventType e : events) {
            counts[e.ordinal()]++;
        }
        return new HystrixCommandCompletion(HystrixCommandKey.Factory.asKey("Test"),
                HystrixThreadPoolKey.Factory.asKey("Pool"), counts, true, 5);
    }

    private static List<Long> successes(TestSubscriber<long[]> seen) {
        List<Long> out = new ArrayList<>();
        for (long[] counts : seen.getOnNextEvents()) {
            out.add(counts[HystrixEventType.SUCCESS.ordinal()]);
        }
        return out;
    }

    private void advance(long millis) {
        ticks.advanceTimeBy(millis, TimeUnit.MILLISECONDS);
    }

    @Test
    void rollingEmitsTheEmptyWindowAtOnceThenTheLastBucketsOncePerBucket() {
        BucketedStream<HystrixCommandCompletion, long[]> rolling = stream(false);
        TestSubscriber<long[]> seen = new TestSubscriber<>();
        rolling.observe().subscribe(seen);
        input.onNext(finished(HystrixEventType.SUCCESS));
        input.onNext(finished(HystrixEventType.SUCCESS));
        advance(100); // bucket 1 closes with 2
        input.onNext(finished(HystrixEventType.SUCCESS));
        advance(100); // bucket 2 closes with 1
        advance(200); // buckets 3 and 4 close empty: bucket 1 leaves the window of 3
        assertThat(successes(seen)).containsExactly(0L, 2L, 3L, 3L, 1L);
    }

    @Test
    void cumulativeNeverForgets() {
        BucketedStream<HystrixCommandCompletion, long[]> cumulative = stream(true);
        TestSubscriber<long[]> seen = new TestSubscriber<>();
        cumulative.observe().subscribe(seen);
        input.onNext(finished(HystrixEventType.SUCCESS));
        advance(500);
        assertThat(successes(seen)).containsExactly(0L, 1L, 1L, 1L, 1L, 1L);
    }

    @Test
    void aCompletionBeforeTheFirstSubscriberIsNotCountedAndAnEmptyRunStartsAfterTheLast() {
        BucketedStream<HystrixCommandCompletion, long[]> rolling = stream(false);
        input.onNext(finished(HystrixEventType.SUCCESS)); // nobody observes: not counted
        assertThat(rolling.isSourceCurrentlySubscribed()).isFalse();

        Subscription first = rolling.observe().subscribe(new TestSubscriber<>());
        assertThat(rolling.isSourceCurrentlySubscribed()).isTrue();
        input.onNext(finished(HystrixEventType.SUCCESS));
        advance(100);
        first.unsubscribe();
        assertThat(rolling.isSourceCurrentlySubscribed()).isFalse();

        TestSubscriber<long[]> later = new TestSubscriber<>();
        rolling.observe().subscribe(later);
        advance(100);
        assertThat(successes(later)).containsExactly(0L, 0L);
    }

    @Test
    void getLatestCachesTheLastOutputUntilUnsubscribed() {
        BucketedStream<HystrixCommandCompletion, long[]> rolling = stream(false);
        assertThat(rolling.getLatest()[HystrixEventType.SUCCESS.ordinal()]).isZero(); // starts caching
        input.onNext(finished(HystrixEventType.SUCCESS, HystrixEventType.EXCEPTION_THROWN));
        advance(100);
        assertThat(rolling.getLatest()[HystrixEventType.SUCCESS.ordinal()]).isEqualTo(1);
        assertThat(rolling.getLatest()[HystrixEventType.EXCEPTION_THROWN.ordinal()]).isEqualTo(1);
        rolling.unsubscribe();
        assertThat(rolling.isSourceCurrentlySubscribed()).isFalse();
    }

    @Test
    void maxConcurrencyKeepsTheHighestStartOfTheWindow() {
        PublishSubject<HystrixCommandExecutionStarted> starts = PublishSubject.create();
        BucketedStream<HystrixCommandExecutionStarted, Integer> max = new BucketedStream<>(starts, "Test", 3, 100,
                CommandEventCounts.MAX_CONCURRENCY, m -> (int) m[0], ticks) { };
        TestSubscriber<Integer> seen = new TestSubscriber<>();
        max.observe().subscribe(seen);
        starts.onNext(started(1));
        starts.onNext(started(3));
        starts.onNext(started(2));
        advance(100);
        starts.onNext(started(2));
        advance(300); // the bucket that saw 3 leaves the window, then the one that saw 2
        assertThat(seen.getOnNextEvents()).containsExactly(0, 3, 3, 3, 2);
    }

    private static HystrixCommandExecutionStarted started(int concurrency) {
        return new HystrixCommandExecutionStarted(HystrixCommandKey.Factory.asKey("Test"),
                HystrixThreadPoolKey.Factory.asKey("Pool"), true, concurrency);
    }

    @Test
    void threadPoolCountsExecutedAndRejected() {
        long[] bucket = new long[HystrixEventType.ThreadPool.values().length];
        CommandEventCounts.addThreadPool(bucket, finished(HystrixEventType.SUCCESS)); // ran in a thread
        long[] rejected = new long[HystrixEventType.values().length];
        rejected[HystrixEventType.THREAD_POOL_REJECTED.ordinal()] = 1;
        CommandEventCounts.addThreadPool(bucket, new HystrixCommandCompletion(HystrixCommandKey.Factory.asKey("Test"),
                HystrixThreadPoolKey.Factory.asKey("Pool"), rejected, false, -1));
        assertThat(bucket).containsExactly(1, 1);
    }

    @Test
    void badBucketsAreRefusedWithTheValues() {
        assertThatThrownBy(() -> RollingCommandEventCounterStream.getInstance(HystrixCommandKey.Factory.asKey("BadBuckets"), 0, 100))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("BadBuckets")
                .hasMessageContaining("numBuckets=0");
    }
}
