package dev.firebreak.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.firebreak.config.InvalidConfigException;
import dev.firebreak.event.EventType;
import dev.firebreak.testkit.ManualClock;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The two counting rules on the manual clock, with worked numbers, and configuration refusals. */
class RateLimiterTest {

    private static final long MS = 1_000_000L;

    private final ManualClock clock = new ManualClock(Long.MAX_VALUE - 500 * MS); // overflows mid-test

    private RateLimiter limiter(RateLimitConfig.Builder config) {
        return new RateLimiter(config.enabled(true).build(), clock);
    }

    private boolean admits(RateLimiter limiter) {
        return limiter.enter(clock.read()) != null;
    }

    @Test
    void aTokenBucketGrantsItsBurstAtOnceThenOneEveryHundredMillisecondsAtTenASecond() {
        RateLimiter limiter = limiter(RateLimitConfig.builder().permitsPerSecond(10).burst(3));
        assertThat(admits(limiter)).isTrue();
        assertThat(admits(limiter)).isTrue();
        assertThat(admits(limiter)).isTrue();
        assertThat(admits(limiter)).as("burst of 3 spent").isFalse();
        clock.advance(99 * MS);
        assertThat(admits(limiter)).as("99 ms: the next token is due at 100 ms").isFalse();
        clock.advance(MS);
        assertThat(admits(limiter)).isTrue();
        assertThat(admits(limiter)).isFalse();
        clock.advance(Duration.ofSeconds(10));
        int admitted = 0;
        while (admits(limiter)) {
            admitted++;
        }
        assertThat(admitted).as("an idle bucket refills to its burst, no more").isEqualTo(3);
        assertThat(limiter.refusal()).isEqualTo(EventType.RATE_LIMITED);
        assertThat(limiter.admitted()).isEqualTo(7);
        assertThat(limiter.refused()).isEqualTo(4);
    }

    @Test
    void aSlidingWindowCountsExactlyTheLastWindow() {
        // 5 per second over a 1 s window, burst 1: at most 6 in any 1 s
        RateLimiter limiter = limiter(RateLimitConfig.builder().kind(RateLimitKind.SLIDING_WINDOW)
                .permitsPerSecond(5).burst(1).window(Duration.ofSeconds(1)));
        for (int i = 0; i < 6; i++) {
            assertThat(admits(limiter)).isTrue();
            clock.advance(10 * MS);
        }
        assertThat(admits(limiter)).as("6 within the last 60 ms").isFalse();
        clock.advance(939 * MS); // 999 ms after the first
        assertThat(admits(limiter)).isFalse();
        clock.advance(MS); // 1000 ms after the first: it leaves the window
        assertThat(admits(limiter)).isTrue();
        assertThat(admits(limiter)).isFalse();
    }

    @Test
    void aDisabledLimiterAdmitsEverythingAndReconfigurationTurnsItOnLive() {
        RateLimiter limiter = new RateLimiter(RateLimitConfig.defaults(), clock);
        for (int i = 0; i < 1000; i++) {
            assertThat(admits(limiter)).isTrue();
        }
        limiter.reconfigure(RateLimitConfig.builder().enabled(true).permitsPerSecond(1).burst(1).build());
        assertThat(admits(limiter)).isTrue();
        assertThat(admits(limiter)).isFalse();
    }

    @Test
    void badValuesAreRefusedNamingKeyValueAndRule() {
        assertThatThrownBy(() -> RateLimitConfig.builder().permitsPerSecond(-5).build())
                .isInstanceOf(InvalidConfigException.class).hasMessage("rateLimit.permitsPerSecond = -5: must be > 0");
        assertThatThrownBy(() -> RateLimitConfig.builder().burst(0).build())
                .hasMessage("rateLimit.burst = 0: must be >= 1");
        assertThatThrownBy(() -> RateLimitConfig.builder().maxWaitInMilliseconds(-1).build())
                .hasMessage("rateLimit.maxWaitInMilliseconds = -1: must be >= 0");
        assertThatThrownBy(() -> RateLimitConfig.builder().windowInMilliseconds(0).build())
                .hasMessage("rateLimit.window = 0: must be > 0");
        assertThatThrownBy(() -> RateLimitConfig.builder().kind(RateLimitKind.SLIDING_WINDOW).permitsPerSecond(1)
                .burst(0).windowInMilliseconds(500).build())
                .hasMessage("rateLimit.window = 500: permitsPerSecond * window + burst must be between 1 and 1000000"
                        + " (was 0)");
        assertThatThrownBy(() -> RateLimitConfig.scope().property("rateLimit.kind").parse("rateLimit.kind", "LEAKY"))
                .hasMessageContaining("rateLimit.kind").hasMessageContaining("LEAKY");
        assertThat(RateLimitConfig.scope().key("firebreak", "svc", RateLimitConfig.scope().property("rateLimit.burst")))
                .isEqualTo("firebreak.command.svc.rateLimit.burst");
    }
}
