package com.netflix.hystrix.metric.consumer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.netflix.hystrix.metric.CachedValuesHistogram;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import rx.Subscription;
import rx.observers.TestSubscriber;
import rx.schedulers.TestScheduler;
import rx.subjects.PublishSubject;

/** The rolling distributions on RxJava's test scheduler: what each bucket adds, and when it leaves the window. */
class RollingDistributionStreamTest {

    private final TestScheduler ticks = new TestScheduler();
    private final PublishSubject<Integer> values = PublishSubject.create();

    /** 3 buckets of 100 ms over plain values; a negative value records nothing. */
    private RollingDistributionStream<Integer> stream() {
        return new RollingDistributionStream<>(values, 3, 100, (histogram, value) -> {
            if (value >= 0) {
                histogram.recordValue(value);
            }
            return histogram;
        }, ticks) { };
    }

    private void advance(long millis) {
        ticks.advanceTimeBy(millis, TimeUnit.MILLISECONDS);
    }

    private static List<Long> counts(TestSubscriber<CachedValuesHistogram> seen) {
        return seen.getOnNextEvents().stream().map(CachedValuesHistogram::getTotalCount).toList();
    }

    @Test
    void emitsAnEmptyDistributionAtOnceThenTheLastBucketsOncePerBucket() {
        RollingDistributionStream<Integer> stream = stream();
        TestSubscriber<CachedValuesHistogram> seen = new TestSubscriber<>();
        stream.observe().subscribe(seen);
        values.onNext(10);
        values.onNext(20);
        values.onNext(-1);
        advance(100); // bucket 1 closes with 10 and 20
        values.onNext(600);
        advance(100); // bucket 2 closes with 600
        advance(200); // buckets 3 and 4 close empty: bucket 1 leaves the window of 3

        assertThat(counts(seen)).containsExactly(0L, 2L, 3L, 3L, 1L);
        CachedValuesHistogram first = seen.getOnNextEvents().get(1);
        assertThat(first.getMean()).isEqualTo(15);
        assertThat(first.getValueAtPercentile(0)).isEqualTo(10);
        assertThat(first.getValueAtPercentile(100)).isEqualTo(20);
        CachedValuesHistogram both = seen.getOnNextEvents().get(2);
        assertThat(both.getValueAtPercentile(50)).isEqualTo(20);
        assertThat(both.getValueAtPercentile(99.5)).isEqualTo(600);
        CachedValuesHistogram last = seen.getOnNextEvents().get(4);
        assertThat(last.getMean()).isEqualTo(600);
        assertThat(last.getValueAtPercentile(0)).isEqualTo(600);
    }

    @Test
    void theLatestIsCachedAndReadByMeanAndPercentile() {
        RollingDistributionStream<Integer> stream = stream();
        assertThat(stream.getLatest().getTotalCount()).as("empty before any bucket closed").isZero();
        values.onNext(100);
        values.onNext(300);
        advance(100);
        assertThat(stream.getLatestMean()).isEqualTo(200);
        assertThat(stream.getLatestPercentile(100)).isEqualTo(300);
        stream.unsubscribe();
        assertThat(values.hasObservers()).as("nobody observes: the run stops").isFalse();
    }

    @Test
    void onlyTheKeptPercentilesCanBeRead() {
        CachedValuesHistogram empty = CachedValuesHistogram.backedBy(CachedValuesHistogram.getNewHistogram());
        for (double kept : new double[] {0, 5, 50, 95, 99, 99.5, 99.9, 99.95, 99.99, 100}) {
            assertThat(empty.getValueAtPercentile(kept)).as("p%s", kept).isZero();
        }
        assertThatThrownBy(() -> empty.getValueAtPercentile(42)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("percentile 42.0 is not kept");
        assertThatThrownBy(() -> empty.getValueAtPercentile(99.4)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void subscribersShareOneRunThatStopsAfterTheLastLeaves() {
        RollingDistributionStream<Integer> stream = stream();
        TestSubscriber<CachedValuesHistogram> a = new TestSubscriber<>();
        TestSubscriber<CachedValuesHistogram> b = new TestSubscriber<>();
        Subscription first = stream.observe().subscribe(a);
        Subscription second = stream.observe().subscribe(b);
        values.onNext(7);
        advance(100);
        assertThat(counts(a)).containsExactly(0L, 1L);
        assertThat(counts(b)).containsExactly(1L);
        first.unsubscribe();
        assertThat(values.hasObservers()).isTrue();
        second.unsubscribe();
        assertThat(values.hasObservers()).isFalse();
    }

    @Test
    void bucketsMustBePositive() {
        assertThatThrownBy(() -> new RollingDistributionStream<Integer>(values, 0, 100, (h, v) -> h, ticks) { })
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("numBuckets=0");
    }
}
