package dev.firebreak.live;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.Guard;
import dev.firebreak.Isolation;
import dev.firebreak.event.EventType;
import dev.firebreak.limit.LimitKind;
import dev.firebreak.ratelimit.RateLimitConfig;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The adaptive limit's and the rate limiter's keys through live configuration: they reach a running
 * guard, and bad values are refused naming key, value and rule while the last valid limit stays.
 */
class LimitKeysLiveTest {

    private static final String PREFIX = "firebreak.command.svc.";

    @Test
    void limitKeysDriveARunningGuardsIsolationAndNoneRestoresTheStaticLimit() {
        try (Fixture f = new Fixture()) {
            Guard guard = f.registry.guard("svc").isolation(Isolation.semaphore(7)).build();
            f.source.setAll(Map.of(PREFIX + "limit.algorithm", "AIMD", PREFIX + "limit.initialLimit", "12",
                    PREFIX + "limit.minLimit", "4", PREFIX + "limit.maxLimit", "40"));
            assertThat(guard.controls().isolator().limitAlgorithm()).isEqualTo(LimitKind.AIMD);
            assertThat(guard.controls().isolator().limit()).isEqualTo(12);

            f.source.set(PREFIX + "limit.algorithm", "NONE");
            assertThat(guard.controls().isolator().limitAlgorithm()).isEqualTo(LimitKind.NONE);
            assertThat(guard.controls().isolator().limit()).isEqualTo(7);
        }
    }

    @Test
    void badLimitValuesAreRefusedNamingKeyValueAndRuleAndTheLastValidLimitStays() {
        try (Fixture f = new Fixture()) {
            Guard guard = f.registry.guard("svc").isolation(Isolation.virtualThreads(100)).build();
            f.source.setAll(Map.of(PREFIX + "limit.algorithm", "VEGAS", PREFIX + "limit.maxLimit", "30"));
            assertThat(guard.controls().isolator().limit()).isEqualTo(20);

            f.source.set(PREFIX + "limit.algorithm", "BBR");
            f.source.set(PREFIX + "limit.minLimit", "50"); // above maxLimit 30
            f.source.set(PREFIX + "rateLimit.permitsPerSecond", "-5");

            assertThat(f.events(ConfigEvent.Kind.REFUSED)).extracting(ConfigEvent::message)
                    .anySatisfy(m -> assertThat(m).contains("limit.algorithm").contains("BBR"))
                    .anySatisfy(m -> assertThat(m).contains("limit.minLimit").contains("50")
                            .contains("must be <= limit.maxLimit (30)"))
                    .anySatisfy(m -> assertThat(m).contains("rateLimit.permitsPerSecond").contains("-5")
                            .contains("must be > 0"));
            assertThat(guard.controls().isolator().limitAlgorithm()).as("the last valid algorithm").isEqualTo(LimitKind.VEGAS);
            assertThat(guard.controls().config().limit().minLimit()).isEqualTo(1);
            assertThat(guard.controls().isolator().limit()).isEqualTo(20);
        }
    }

    @Test
    void rateLimitKeysChangeARunningLimiterLive() {
        try (Fixture f = new Fixture()) {
            Guard guard = f.registry.guard("svc").isolation(Isolation.semaphore(5))
                    .rateLimit(RateLimitConfig.builder().enabled(true).permitsPerSecond(1000).burst(10).build()).build();
            for (int i = 0; i < 5; i++) {
                assertThat(guard.execute(() -> "fast", failure -> "fallback")).isEqualTo("fast");
            }
            f.source.setAll(Map.of(PREFIX + "rateLimit.permitsPerSecond", "1", PREFIX + "rateLimit.burst", "1"));
            assertThat(guard.execute(() -> "first", failure -> "fallback")).isEqualTo("first");
            assertThat(guard.execute(() -> "second", failure -> failure.event().name())).isEqualTo("RATE_LIMITED");
            assertThat(guard.controls().metrics().cumulativeCount(EventType.RATE_LIMITED)).isEqualTo(1);
        }
    }
}
