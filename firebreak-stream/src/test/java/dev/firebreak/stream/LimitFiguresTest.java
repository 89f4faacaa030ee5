package dev.firebreak.stream;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.limit.LimitConfig;
import dev.firebreak.limit.LimitKind;
import dev.firebreak.ratelimit.RateLimitConfig;
import dev.firebreak.testkit.ManualClock;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The command frame shows the adaptive limit, its algorithm and the rate limiter's figures. */
class LimitFiguresTest {

    private final ManualClock clock = new ManualClock();
    private final GuardRegistry registry = GuardRegistry.builder().clock(clock).build();

    private Map<String, Object> frame(Guard guard) {
        StringBuilder out = new StringBuilder();
        CommandEvent.write(new JsonWriter(out), guard, 0L);
        return MiniJson.object(out.toString());
    }

    @Test
    void anAdaptiveGuardReportsItsLimitAlgorithmAndRateFigures() {
        Guard guard = registry.guard("adaptive").isolation(Isolation.virtualThreads(100))
                .adaptiveLimit(LimitConfig.builder().algorithm(LimitKind.GRADIENT2).initialLimit(30).build())
                .rateLimit(RateLimitConfig.builder().enabled(true).permitsPerSecond(1).burst(1).build()).build();
        guard.execute(() -> "first", failure -> "fallback");
        guard.execute(() -> "second", failure -> "fallback"); // rate-limited

        Map<String, Object> frame = frame(guard);
        assertThat(frame.get("firebreak_limit")).isEqualTo(30L);
        assertThat(frame.get("firebreak_limitAlgorithm")).isEqualTo("GRADIENT2");
        assertThat(frame.get("firebreak_rollingCountRateLimited")).isEqualTo(1L);
        assertThat(frame.get("firebreak_rateLimitPermitsPerSecond")).isEqualTo(1L);
        assertThat(frame.get("firebreak_rateLimitWaiting")).isEqualTo(0L);
    }

    @Test
    void aStaticGuardReportsNoneAndNoRate() {
        Guard guard = registry.guard("static").isolation(Isolation.semaphore(9)).build();
        Map<String, Object> frame = frame(guard);
        assertThat(frame.get("firebreak_limit")).isEqualTo(9L);
        assertThat(frame.get("firebreak_limitAlgorithm")).isEqualTo("NONE");
        assertThat(frame.get("firebreak_rateLimitPermitsPerSecond")).isEqualTo(0L);
    }
}
