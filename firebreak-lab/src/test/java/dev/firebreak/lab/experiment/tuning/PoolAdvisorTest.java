package dev.firebreak.lab.experiment.tuning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.firebreak.breaker.CircuitState;
import dev.firebreak.event.EventType;
import dev.firebreak.metrics.EventCounts;
import dev.firebreak.metrics.GuardMetricsSnapshot;
import dev.firebreak.metrics.HealthCounts;
import dev.firebreak.rolling.LatencySnapshot;
import org.junit.jupiter.api.Test;

/** The advisor's arithmetic on hand-made snapshots, starting from the seed's own worked example. */
class PoolAdvisorTest {

    /** A snapshot with {@code requests} in a 10 s window, the given p99 and p99.5 (ms) and rolling max concurrency. */
    static GuardMetricsSnapshot snapshot(long requests, double p99Millis, double p995Millis, long rollingMax) {
        long[] counts = new long[EventType.values().length];
        counts[EventType.SUCCESS.ordinal()] = requests;
        EventCounts rolling = new EventCounts(counts);
        long[] percentiles = new long[LatencySnapshot.PERCENTILES.size()];
        percentiles[LatencySnapshot.PERCENTILES.indexOf(99.0)] = Math.round(p99Millis * 1e6);
        percentiles[LatencySnapshot.PERCENTILES.indexOf(99.5)] = Math.round(p995Millis * 1e6);
        LatencySnapshot latency = new LatencySnapshot(requests, Math.round(p99Millis * 1e6 / 2), percentiles);
        return new GuardMetricsSnapshot(0, 10_000, rolling, rolling, HealthCounts.of(rolling), latency, latency, 0, rollingMax,
                CircuitState.CLOSED);
    }

    @Test
    void theSeedsExampleGivesTheSeedsConfiguration() {
        // the seed: 854.2/s x 0.231 s = 197.3 -> core 200, max 200/0.8 = 250, queue 0.8 x 250 = 200, timeout 700 ms
        PoolAdvice advice = PoolAdvisor.advise(snapshot(8542, 231, 700, 150), 10);
        assertThat(advice.coreSize()).isEqualTo(200);
        assertThat(advice.maximumSize()).isEqualTo(250);
        assertThat(advice.maxQueueSize()).isEqualTo(200);
        assertThat(advice.timeoutMillis()).isEqualTo(700);
        assertThat(advice.reasons()).hasSize(4).first().asString().contains("854.2/s").contains("197.3");
        assertThat(advice.asProperties()).contains("coreSize=200\n").contains("queueSizeRejectionThreshold=200\n")
                .contains("execution.isolation.thread.timeoutInMilliseconds=700\n");
    }

    @Test
    void theNetflixExampleGivesTenThreadsAndATimeoutAtP995() {
        // Hystrix's wiki: 30 rps x 0.2 s = 6 threads busy at p99 -> 10 with headroom; p99.5 300 ms -> timeout 300 ms
        PoolAdvice advice = PoolAdvisor.advise(snapshot(300, 200, 300, 4), 10);
        assertThat(advice.coreSize()).isEqualTo(10);
        assertThat(advice.maximumSize()).isEqualTo(20);   // 10 / 0.8 = 12.5, rounded up to 20
        assertThat(advice.maxQueueSize()).isEqualTo(20);  // 0.8 x 20 = 16 -> 20
        assertThat(advice.timeoutMillis()).isEqualTo(300);
    }

    @Test
    void theObservedConcurrencyWinsWhenLargerAndAShortWindowRaisesTheRate() {
        assertThat(PoolAdvisor.advise(snapshot(1000, 100, 150, 87), 10).coreSize()).isEqualTo(90); // 100/s x 0.1 s = 10 < 87
        assertThat(PoolAdvisor.advise(snapshot(1000, 100, 150, 0), 2).coreSize()).isEqualTo(50);   // 500/s x 0.1 s = 50
        assertThat(PoolAdvisor.advise(snapshot(1000, 100, 150, 0), 60).coreSize()).isEqualTo(10);  // capped at the 10 s window
        assertThat(PoolAdvisor.advise(snapshot(1000, 100, 701, 0), 10).timeoutMillis()).isEqualTo(710);
    }

    @Test
    void roundingUpIsToTheNextMultipleOfTenAndAtLeastTen() {
        assertThat(PoolAdvisor.roundUp(0)).isEqualTo(10);
        assertThat(PoolAdvisor.roundUp(10)).isEqualTo(10);
        assertThat(PoolAdvisor.roundUp(10.01)).isEqualTo(20);
        assertThat(PoolAdvisor.roundUp(197.3)).isEqualTo(200);
    }

    @Test
    void anEmptyWindowIsRefused() {
        assertThatThrownBy(() -> PoolAdvisor.advise(snapshot(10, 1, 1, 0), 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("observed seconds");
    }
}
