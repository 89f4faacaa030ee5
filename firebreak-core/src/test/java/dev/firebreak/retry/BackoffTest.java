package dev.firebreak.retry;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** The backoff schedule and its jitter bounds, as arithmetic. */
class BackoffTest {

    private static RetryConfig config(Jitter jitter, long initialMs, long maxMs, double multiplier) {
        return RetryConfig.builder().jitter(jitter)
                .backoff(Duration.ofMillis(initialMs), Duration.ofMillis(maxMs), multiplier).build();
    }

    @Test
    void withoutJitterTheScheduleDoublesUpToTheCap() {
        RetryConfig c = config(Jitter.NONE, 50, 1000, 2);
        long[] expectedMs = {50, 100, 200, 400, 800, 1000, 1000};
        for (int retry = 1; retry <= expectedMs.length; retry++) {
            assertThat(Backoff.delayNanos(c, retry, 0, 0.5)).as("retry %d", retry)
                    .isEqualTo(Duration.ofMillis(expectedMs[retry - 1]).toNanos());
        }
    }

    @Test
    void aFractionalMultiplierGrowsTheBaseByItsFraction() {
        RetryConfig c = config(Jitter.NONE, 100, 1000, 1.5);
        long[] expectedMs = {100, 150, 225, 337, 506, 759, 1000, 1000}; // 337.5 ms, 506.25 ms, 759.375 ms: nanoseconds kept
        long[] expectedNanos = {100_000_000L, 150_000_000L, 225_000_000L, 337_500_000L, 506_250_000L, 759_375_000L,
                1_000_000_000L, 1_000_000_000L};
        for (int retry = 1; retry <= expectedNanos.length; retry++) {
            long delay = Backoff.delayNanos(c, retry, 0, 0.5);
            assertThat(delay).as("retry %d", retry).isEqualTo(expectedNanos[retry - 1]);
            assertThat(Duration.ofNanos(delay).toMillis()).isEqualTo(expectedMs[retry - 1]);
        }
    }

    @Property
    void theBaseNeverShrinksAndNeverPassesTheCap(@ForAll @IntRange(min = 1, max = 60) int retry,
            @ForAll @DoubleRange(min = 1.0, max = 10.0) double multiplier, @ForAll @IntRange(min = 0, max = 5_000) int initialMs) {
        long initial = Duration.ofMillis(initialMs).toNanos();
        long max = initial + Duration.ofSeconds(10).toNanos();
        long base = Backoff.base(initial, max, multiplier, retry);
        assertThat(base).isBetween(initial, max);
        assertThat(Backoff.base(initial, max, multiplier, retry + 1)).isGreaterThanOrEqualTo(base);
    }

    @Test
    void aWholeMultiplierStillBuildsThroughTheOldSignatures() {
        RetryConfig c = RetryConfig.builder().multiplier(3).build();
        assertThat(c.backoffMultiplier()).isEqualTo(3.0);
        assertThat(RetryConfig.builder().backoff(Duration.ofMillis(10), Duration.ofMillis(90), 3).build().backoffMultiplier())
                .isEqualTo(3.0);
    }

    @Test
    void theBaseSaturatesInsteadOfOverflowing() {
        RetryConfig c = config(Jitter.NONE, Integer.MAX_VALUE, Integer.MAX_VALUE, 10);
        assertThat(Backoff.delayNanos(c, 100, 0, 0.0)).isEqualTo(Duration.ofMillis(Integer.MAX_VALUE).toNanos());
    }

    @Property
    void fullJitterLiesBetweenZeroAndTheBase(@ForAll @IntRange(min = 1, max = 40) int retry,
            @ForAll @DoubleRange(min = 0.0, max = 1.0, maxIncluded = false) double u,
            @ForAll @IntRange(min = 0, max = 5_000) int initialMs, @ForAll @IntRange(min = 1, max = 10) int multiplier) {
        RetryConfig c = config(Jitter.FULL, initialMs, initialMs + 10_000L, multiplier);
        long base = Backoff.base(c.initialBackoff().toNanos(), c.maxBackoff().toNanos(), multiplier, retry);
        long delay = Backoff.delayNanos(c, retry, 0, u);
        assertThat(delay).isBetween(0L, base);
        assertThat(delay).isLessThanOrEqualTo(c.maxBackoff().toNanos());
    }

    @Property
    void decorrelatedJitterStaysWithinInitialAndMaxAndAtMostTriplesThePrevious(
            @ForAll @IntRange(min = 1, max = 40) int retry,
            @ForAll @DoubleRange(min = 0.0, max = 1.0, maxIncluded = false) double u,
            @ForAll @IntRange(min = 1, max = 1_000) int initialMs, @ForAll @IntRange(min = 0, max = 60_000) int previousMs) {
        RetryConfig c = config(Jitter.DECORRELATED, initialMs, 30_000, 2);
        long previous = Duration.ofMillis(previousMs).toNanos();
        long delay = Backoff.delayNanos(c, retry, previous, u);
        assertThat(delay).isBetween(c.initialBackoff().toNanos(), c.maxBackoff().toNanos());
        long reference = retry == 1 ? c.initialBackoff().toNanos() : Math.max(c.initialBackoff().toNanos(), previous);
        assertThat(delay).isLessThanOrEqualTo(Math.max(c.initialBackoff().toNanos(), 3 * reference));
    }
}
