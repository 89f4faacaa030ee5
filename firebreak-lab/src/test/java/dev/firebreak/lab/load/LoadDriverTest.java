package dev.firebreak.lab.load;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.lab.time.LabTimer;
import dev.firebreak.time.Ticker;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The driver's counting rules, against targets that answer at once (no timing is asserted). */
class LoadDriverTest {

    private static final LoadDriver.WindowListener NO_LISTENER = new LoadDriver.WindowListener() {
        @Override
        public void windowOpened() {
        }

        @Override
        public void windowClosed() {
        }
    };

    @Test
    void anOpenLoopRecordsExactlyTheArrivalsIntendedInsideTheWindow() throws Exception {
        AtomicInteger sent = new AtomicInteger();
        Target instant = () -> {
            sent.incrementAndGet();
            return CompletableFuture.completedFuture(Reply.success(0));
        };
        try (LabTimer timer = new LabTimer("test-timer"); LoadDriver driver = new LoadDriver(Ticker.system(), timer)) {
            LoadPlan plan = new LoadPlan(Loop.open(500, Loop.Arrivals.CONSTANT), Duration.ofMillis(100),
                    Duration.ofMillis(200), Duration.ofSeconds(5), 1);
            LoadResult result = driver.run(plan, instant, NO_LISTENER);
            // intended starts at 0, 2, 4 ... ms; the window [100, 300) ms holds arrivals 50..149
            assertThat(result.latency().ok()).isEqualTo(100);
            assertThat(result.latency().tps()).isEqualTo(500.0);
            assertThat(result.issued()).isEqualTo(150);
            assertThat(sent.get()).isEqualTo(150);
            assertThat(result.drained()).isTrue();
            assertThat(result.loop()).isEqualTo("open-500rps");
        }
    }

    @Test
    void closedLoopUsersStopAfterTheirRepetitionsAndFailuresAreCounted() throws Exception {
        AtomicInteger sent = new AtomicInteger();
        Target everyThirdFails = () -> {
            int n = sent.incrementAndGet();
            return CompletableFuture.completedFuture(n % 3 == 0 ? Reply.failed("HTTP 503") : Reply.success(0));
        };
        try (LabTimer timer = new LabTimer("test-timer"); LoadDriver driver = new LoadDriver(Ticker.system(), timer)) {
            LoadPlan plan = new LoadPlan(Loop.closed(4, Duration.ZERO, ThinkTime.NONE, 6), Duration.ZERO,
                    Duration.ofSeconds(5), Duration.ofSeconds(5), 1);
            LoadResult result = driver.run(plan, everyThirdFails, NO_LISTENER);
            assertThat(result.issued()).isEqualTo(24);
            assertThat(result.latency().ok() + result.latency().errors()).isEqualTo(24);
            assertThat(result.latency().errors()).isEqualTo(8);
            assertThat(result.latency().failureSamples()).containsExactly("HTTP 503");
        }
    }

    @Test
    void thinkTimeParsesFixedAndRangesAndRejectsNonsense() {
        assertThat(ThinkTime.parseMillis("0")).isEqualTo(ThinkTime.NONE);
        ThinkTime range = ThinkTime.parseMillis("1000-2000");
        long pause = range.sampleNanos(new java.util.SplittableRandom(3));
        assertThat(pause).isBetween(1_000_000_000L, 2_000_000_000L);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> ThinkTime.parseMillis("2000-1000"))
                .hasMessageContaining("min <= max");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> ThinkTime.parseMillis("soon"))
                .hasMessageContaining("'soon'");
    }
}
