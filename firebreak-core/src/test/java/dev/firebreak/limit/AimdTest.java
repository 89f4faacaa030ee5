package dev.firebreak.limit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * AIMD against its published rule, with worked numbers: a drop multiplies the limit by the backoff
 * ratio (rounded down), a success admitted with at least half the limit in use adds one, anything
 * else leaves it; always within [min, max]. Times are data (1 ms samples), no clock involved.
 */
class AimdTest {

    private static final long MS = 1_000_000L;

    private static Aimd aimd(int start, int min, int max) {
        return new Aimd(LimitConfig.builder().algorithm(LimitKind.AIMD).initialLimit(start).minLimit(min)
                .maxLimit(max).aimdBackoffPercent(90).build(), start);
    }

    @Test
    void busySuccessAddsOneIdleSuccessKeepsDropMultipliesByPointNine() {
        Aimd limit = aimd(20, 1, 200);
        assertThat(limit.onSample(0, MS, 10, false)).as("10 * 2 >= 20: 20 + 1").isEqualTo(21);
        assertThat(limit.onSample(0, MS, 10, false)).as("10 * 2 < 21: app-limited, stays").isEqualTo(21);
        assertThat(limit.onSample(0, MS, 11, false)).as("11 * 2 >= 21: 22").isEqualTo(22);
        assertThat(limit.onSample(0, MS, 1, true)).as("drop: floor(22 * 0.9) = floor(19.8) = 19").isEqualTo(19);
    }

    @Test
    void boundsHoldAtBothEnds() {
        Aimd top = aimd(200, 1, 200);
        assertThat(top.onSample(0, MS, 200, false)).as("201 capped at max 200").isEqualTo(200);
        Aimd bottom = aimd(2, 1, 200);
        assertThat(bottom.onSample(0, MS, 2, true)).as("floor(2 * 0.9) = 1").isEqualTo(1);
        assertThat(bottom.onSample(0, MS, 1, true)).as("floor(1 * 0.9) = 0, raised to min 1").isEqualTo(1);
    }

    @Test
    void aTimeoutStormHalvesTheLimitEverySixDropsDownToTheMinimumThenRecoveryAddsOneARound() {
        Aimd limit = aimd(100, 10, 200);
        List<Integer> storm = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            storm.add(limit.onSample(i * MS, 5_000 * MS, 100, true));
        }
        // 100 -> 90 -> 81 -> 72 (72.9) -> 64 (64.8) -> ... -> 11 (11.7) -> 10 (max(10, floor(9.9)))
        assertThat(storm).containsExactly(90, 81, 72, 64, 57, 51, 45, 40, 36, 32, 28, 25, 22, 19, 17, 15, 13, 11,
                10, 10);
        for (int i = 0; i < 10; i++) {
            limit.onSample(i * MS, MS, limit.limit(), false); // every slot in use, fast and healthy
        }
        assertThat(limit.limit()).as("10 busy successes: 10 + 10").isEqualTo(20);
    }

    @Test
    void aLatencySpikeWithoutDropsDoesNotMoveAimd() {
        Aimd limit = aimd(50, 1, 200);
        assertThat(limit.onSample(0, 900 * MS, 50, false)).as("slow but not dropped: AIMD reacts to drops only")
                .isEqualTo(51);
    }
}
