package dev.firebreak.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.GuardConfig;
import dev.firebreak.breaker.CircuitBreaker;
import dev.firebreak.breaker.CircuitBreakers;
import dev.firebreak.event.EventType;
import dev.firebreak.testkit.ManualClock;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** {@code metrics.healthSnapshot.intervalInMilliseconds} paces the published health figures. */
class HealthSnapshotPacingTest {

    private final ManualClock clock = new ManualClock(Long.MAX_VALUE - 1_000_000_000L); // crosses the overflow edge

    @Test
    void healthFiguresAreRecomputedAtMostOncePerInterval() {
        MetricsRecorder recorder = new MetricsRecorder(GuardConfig.builder()
                .metrics(mt -> mt.healthInterval(Duration.ofMillis(500))).build().metrics(), clock,
                CircuitBreakers.view(CircuitBreaker.alwaysClosed(), clock));
        GuardMetrics metrics = recorder.metrics();
        recorder.record(EventType.SUCCESS.bit(), 1, 1, clock.read());
        assertThat(metrics.snapshot().health()).isEqualTo(new HealthCounts(1, 0, 0));

        recorder.record(EventType.FAILURE.bit(), 1, 1, clock.read());
        clock.advance(Duration.ofMillis(499));
        assertThat(metrics.snapshot().health()).as("within the interval: the figures last computed")
                .isEqualTo(new HealthCounts(1, 0, 0));
        assertThat(metrics.snapshot().rolling().get(EventType.FAILURE)).as("counts are never paced").isEqualTo(1);

        clock.advance(Duration.ofMillis(1));
        assertThat(metrics.snapshot().health()).isEqualTo(new HealthCounts(2, 1, 50));
    }

    @Test
    void theIntervalChangesLive() {
        GuardConfig config = GuardConfig.builder().metrics(mt -> mt.healthInterval(Duration.ofMillis(10_000))).build();
        MetricsRecorder recorder = new MetricsRecorder(config.metrics(), clock,
                CircuitBreakers.view(CircuitBreaker.alwaysClosed(), clock));
        GuardMetrics metrics = recorder.metrics();
        metrics.snapshot();
        recorder.record(EventType.FAILURE.bit(), 1, 1, clock.read());
        clock.advance(Duration.ofMillis(100));
        assertThat(metrics.snapshot().health().requestCount()).isZero();

        recorder.reconfigure(config.toBuilder().metrics(mt -> mt.healthInterval(Duration.ofMillis(100))).build().metrics());
        assertThat(metrics.snapshot().health()).isEqualTo(new HealthCounts(1, 1, 100));
    }
}
