package dev.firebreak.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.GuardConfig;
import dev.firebreak.breaker.CircuitBreaker;
import dev.firebreak.breaker.CircuitBreakers;
import dev.firebreak.breaker.CircuitState;
import dev.firebreak.event.EventType;
import dev.firebreak.rolling.LatencySnapshot;
import dev.firebreak.testkit.ManualClock;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The snapshot's figures: latency kinds, concurrency, breaker state, live percentile switch, pool figures. */
class GuardMetricsTest {

    private static final long MS = 1_000_000L;

    @Test
    void executionLatencyOnlyForCallsThatRanTotalLatencyForAll() {
        ManualClock clock = new ManualClock(Long.MAX_VALUE - 1_000 * MS);
        MetricsRecorder recorder = new MetricsRecorder(GuardConfig.defaults().metrics(), clock,
                CircuitBreakers.view(CircuitBreaker.alwaysClosed(), clock));
        GuardMetrics metrics = recorder.metrics();
        recorder.record(EventType.SUCCESS.bit(), 10 * MS, 12 * MS, clock.read());
        recorder.record(EventType.FAILURE.bit() | EventType.FALLBACK_SUCCESS.bit(), 30 * MS, 40 * MS, clock.read());
        recorder.record(EventType.SHORT_CIRCUITED.bit() | EventType.FALLBACK_SUCCESS.bit(), 0, 1 * MS, clock.read());
        clock.advance(Duration.ofSeconds(5)); // across the clock's wrap
        GuardMetricsSnapshot s = metrics.snapshot();
        assertThat(s.executionLatency().samples()).isEqualTo(2);
        assertThat(s.executionLatency().meanMillis()).isEqualTo(20);
        assertThat(s.executionLatency().percentileMillis(100.0)).isEqualTo(30);
        assertThat(s.totalLatency().samples()).isEqualTo(3);
        assertThat(s.totalLatency().percentileMillis(0.0)).isEqualTo(1);
        assertThat(s.rolling().get(EventType.FALLBACK_SUCCESS)).isEqualTo(2);
        assertThat(s.health()).isEqualTo(new HealthCounts(2, 1, 50));
        assertThat(s.rollingWindowMillis()).isEqualTo(10_000);
        clock.advance(Duration.ofSeconds(10));
        assertThat(metrics.snapshot().rolling().get(EventType.SUCCESS)).isZero();
        assertThat(metrics.snapshot().cumulative().get(EventType.SUCCESS)).isEqualTo(1);
        assertThat(metrics.snapshot().executionLatency().samples()).as("60 s percentile window").isEqualTo(2);
    }

    @Test
    void percentilesCanBeSwitchedOffAndOnLive() {
        ManualClock clock = new ManualClock();
        MetricsRecorder recorder = new MetricsRecorder(GuardConfig.defaults().metrics(), clock,
                CircuitBreakers.view(CircuitBreaker.alwaysClosed(), clock));
        GuardMetrics metrics = recorder.metrics();
        recorder.reconfigure(GuardConfig.builder().metrics(mt -> mt.percentilesEnabled(false)).build().metrics());
        recorder.record(EventType.SUCCESS.bit(), MS, MS, clock.read());
        assertThat(metrics.snapshot().executionLatency()).isEqualTo(LatencySnapshot.DISABLED);
        assertThat(metrics.snapshot().executionLatency().percentileMillis(50.0)).isEqualTo(-1);
        recorder.reconfigure(GuardConfig.defaults().metrics());
        assertThat(metrics.snapshot().executionLatency().samples()).as("nothing recorded while off").isZero();
    }

    @Test
    void concurrencyNowAndRollingMaximum() {
        ManualClock clock = new ManualClock(-42);
        MetricsRecorder recorder = new MetricsRecorder(GuardConfig.defaults().metrics(), clock,
                CircuitBreakers.view(CircuitBreaker.alwaysClosed(), clock));
        GuardMetrics metrics = recorder.metrics();
        recorder.executionStarted();
        recorder.executionStarted();
        recorder.executionStarted();
        recorder.executionEnded();
        recorder.executionEnded();
        assertThat(metrics.snapshot().concurrentExecutions()).isEqualTo(1);
        assertThat(metrics.snapshot().rollingMaxConcurrentExecutions()).isEqualTo(3);
        clock.advance(Duration.ofSeconds(10));
        assertThat(metrics.snapshot().rollingMaxConcurrentExecutions()).as("still one running").isEqualTo(1);
        recorder.executionEnded();
        assertThat(metrics.snapshot().rollingMaxConcurrentExecutions()).isZero();
    }

    @Test
    void snapshotReportsTheBreakersState() {
        ManualClock clock = new ManualClock();
        GuardConfig config = GuardConfig.builder().breaker(cb -> cb.requestVolumeThreshold(1)).build();
        CircuitBreaker breaker = CircuitBreakers.create(config.breaker(), (int) config.metrics().rollingStatsWindow().toMillis(), config.metrics().rollingStatsBuckets(), clock);
        MetricsRecorder recorder = new MetricsRecorder(config.metrics(), clock, CircuitBreakers.view(breaker, clock));
        GuardMetrics metrics = recorder.metrics();
        assertThat(metrics.snapshot().circuitOpen()).isFalse();
        breaker.exit(breaker.enter(0), EventType.FAILURE, 0, 0);
        assertThat(metrics.snapshot().circuitState()).isEqualTo(CircuitState.OPEN);
        assertThat(metrics.snapshot().circuitOpen()).isTrue();
    }
}
