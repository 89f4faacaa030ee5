package dev.firebreak.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.testkit.ManualClock;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The time until a limiter's next permit, what a server puts in {@code Retry-After}, on the manual clock. */
class RetryAfterTest {

    private static final long MS = 1_000_000L;

    private final ManualClock clock = new ManualClock(Long.MAX_VALUE - 300 * MS); // overflows mid-test

    @Test
    void aTokenBucketSaysWhenItsNextTokenIsDueAndReservesNothing() {
        RateLimiter limiter = new RateLimiter(RateLimitConfig.builder().enabled(true).permitsPerSecond(2).burst(1).build(),
                clock);
        assertThat(limiter.nanosUntilPermit(clock.read())).as("a fresh bucket is full").isZero();
        assertThat(limiter.enter(clock.read())).isNotNull();
        assertThat(limiter.nanosUntilPermit(clock.read())).isEqualTo(500 * MS);
        clock.advance(200 * MS);
        assertThat(limiter.nanosUntilPermit(clock.read())).isEqualTo(300 * MS);
        assertThat(limiter.nanosUntilPermit(clock.read())).as("asking reserves nothing").isEqualTo(300 * MS);
        assertThat(limiter.enter(clock.read())).isNull();
        clock.advance(300 * MS);
        assertThat(limiter.nanosUntilPermit(clock.read())).isZero();
        assertThat(limiter.enter(clock.read())).isNotNull();
        assertThat(RateLimiterView.of(limiter).nanosUntilPermit(clock.read())).isEqualTo(500 * MS);
    }

    @Test
    void aSlidingWindowSaysWhenItsOldestGrantLeavesTheWindow() {
        RateLimiter limiter = new RateLimiter(RateLimitConfig.builder().enabled(true).kind(RateLimitKind.SLIDING_WINDOW)
                .permitsPerSecond(2).burst(0).window(Duration.ofSeconds(1)).build(), clock);
        assertThat(limiter.enter(clock.read())).isNotNull();
        clock.advance(100 * MS);
        assertThat(limiter.nanosUntilPermit(clock.read())).as("one of two used").isZero();
        assertThat(limiter.enter(clock.read())).isNotNull();
        assertThat(limiter.nanosUntilPermit(clock.read())).isEqualTo(900 * MS);
        clock.advance(900 * MS);
        assertThat(limiter.nanosUntilPermit(clock.read())).isZero();
    }

    @Test
    void aDisabledLimiterAlwaysHasAPermit() {
        RateLimiter limiter = new RateLimiter(RateLimitConfig.defaults(), clock);
        assertThat(limiter.nanosUntilPermit(clock.read())).isZero();
    }
}
