package com.netflix.hystrix.util;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.netflix.hystrix.strategy.properties.HystrixProperty;
import com.netflix.hystrix.util.HystrixRollingPercentile.PercentileSnapshot;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class RollingPercentileTest {

    private final AtomicLong now = new AtomicLong();
    private final AtomicBoolean enabled = new AtomicBoolean(true);
    // a window of 1 s in 4 buckets of 250 ms, at most 3 values per bucket
    private final HystrixRollingPercentile latencies =
            new HystrixRollingPercentile(now::get, 1_000, 4, 3, enabled::get);

    @Test
    void snapshotInterpolatesBetweenRanksAndClampsTheEnds() {
        PercentileSnapshot s = new PercentileSnapshot(40, 10, 30, 20);
        assertThat(s.getPercentile(0)).isEqualTo(10);
        assertThat(s.getPercentile(-5)).isEqualTo(10);
        assertThat(s.getPercentile(50)).isEqualTo(30); // rank 2 exactly
        assertThat(s.getPercentile(60)).isEqualTo(34); // rank 2.4: 30 + 0.4 * 10
        assertThat(s.getPercentile(90)).isEqualTo(40); // rank 3.6: past the last pair
        assertThat(s.getPercentile(100)).isEqualTo(40);
        assertThat(s.getMean()).isEqualTo(25);
        assertThat(new PercentileSnapshot().getPercentile(50)).isZero();
        assertThat(new PercentileSnapshot(1, 2).getMean()).isEqualTo(1); // rounded down
    }

    @Test
    void figuresCoverCompletedBucketsOnly() {
        latencies.addValue(100, 300);
        assertThat(latencies.getPercentile(50)).isZero(); // the bucket is still open
        now.addAndGet(250);
        assertThat(latencies.getPercentile(50)).isEqualTo(300);
        assertThat(latencies.getMean()).isEqualTo(200);
        latencies.addValue(1_000);
        assertThat(latencies.getMean()).isEqualTo(200); // unchanged until the next bucket starts
        now.addAndGet(250);
        assertThat(latencies.getMean()).isEqualTo(466);
        now.addAndGet(1_000); // every bucket with values left the window
        assertThat(latencies.getPercentile(99)).isZero();
    }

    @Test
    void aBucketKeepsItsLastValuesUpToItsLength() {
        latencies.addValue(1, 2, 3, 4, 5);
        assertThat(latencies.buckets.peekLast().data.length()).isEqualTo(3);
        now.addAndGet(250);
        assertThat(latencies.getPercentile(0)).isEqualTo(3); // 1 and 2 were overwritten by 4 and 5 ...
        assertThat(latencies.getPercentile(100)).isEqualTo(5); // ... in the ring of 3
        assertThat(latencies.getMean()).isEqualTo(4);
    }

    @Test
    void disabledDropsValuesAndReportsMinusOne() {
        enabled.set(false);
        latencies.addValue(100);
        now.addAndGet(250);
        assertThat(latencies.getPercentile(50)).isEqualTo(-1);
        assertThat(latencies.getMean()).isEqualTo(-1);
        enabled.set(true);
        assertThat(latencies.getMean()).isZero(); // nothing was kept while disabled
    }

    @Test
    void resetForgetsEveryValue() {
        latencies.addValue(100);
        now.addAndGet(250);
        latencies.reset();
        assertThat(latencies.getMean()).isZero();
    }

    @Test
    void badSizesAreRefusedWithTheValues() {
        HystrixProperty<Boolean> on = HystrixProperty.Factory.asProperty(true);
        assertThatThrownBy(() -> new HystrixRollingPercentile(1_000, 4, 0, on))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("bucketDataLength=0");
        assertThatThrownBy(() -> new HystrixRollingPercentile(1_000, 0, 10, on))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("numberOfBuckets=0");
    }
}
