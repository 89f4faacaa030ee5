package dev.firebreak.limit;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * AIMD against its published rule (TCP's congestion avoidance, see {@link Aimd}), with worked numbers: a
 * busy success adds {@code 1 / limit} (one per round of {@code limit} busy samples), a drop multiplies by
 * the backoff ratio (rounded down) once per congestion episode, a latency over the threshold is a drop;
 * always within [min, max]. Times are data (milliseconds as nanoseconds), no clock involved.
 */
class AimdTest {

    private static final long MS = 1_000_000L;

    private static Aimd aimd(int start, int min, int max) {
        return aimd(start, min, max, 0);
    }

    private static Aimd aimd(int start, int min, int max, int thresholdMs) {
        return new Aimd(LimitConfig.builder().algorithm(LimitKind.AIMD).initialLimit(start).minLimit(min).maxLimit(max)
                .aimdBackoffPercent(90).aimdLatencyThreshold(Duration.ofMillis(thresholdMs)).build(), start);
    }

    @Test
    void aBusySuccessAddsOneOverTheLimitAnIdleOneNothingAFailureCutsToNinetyPercent() {
        Aimd limit = aimd(20, 1, 200);
        List<Integer> round = new ArrayList<>();
        for (int i = 0; i < 21; i++) {
            round.add(limit.onSample(0, MS, 10, false)); // 10 * 2 >= 20: busy
        }
        // 20 + 1/20 + 1/20.05 + ... = 20.976 after 20 samples, 21.025 after the 21st: one more per round of 20
        assertThat(round.subList(0, 20)).containsOnly(20);
        assertThat(round.get(20)).isEqualTo(21);
        assertThat(limit.onSample(0, MS, 10, false)).as("10 * 2 < 21: app-limited, stays").isEqualTo(21);
        assertThat(limit.onSample(0, MS, 1, true)).as("a failure: floor(21.02 * 0.9) = floor(18.9) = 18").isEqualTo(18);
    }

    @Test
    void boundsHoldAtBothEnds() {
        Aimd top = aimd(200, 1, 200);
        assertThat(top.onSample(0, MS, 200, false)).as("200.005 capped at max 200").isEqualTo(200);
        Aimd bottom = aimd(2, 1, 200);
        assertThat(bottom.onSample(0, MS, 2, true)).as("floor(2 * 0.9) = 1").isEqualTo(1);
        assertThat(bottom.onSample(MS, MS, 1, true)).as("floor(1 * 0.9) = 0, raised to min 1").isEqualTo(1);
    }

    @Test
    void aLatencyOverTheThresholdIsADropAndWithoutAThresholdLatencyAloneDoesNotMoveAimd() {
        Aimd limit = aimd(50, 5, 200, 300);
        assertThat(limit.onSample(0, 300 * MS, 50, false)).as("300 ms is not over 300 ms: 50.02").isEqualTo(50);
        assertThat(limit.onSample(0, 301 * MS, 50, false)).as("301 ms: floor(0.9 * 50.02) = 45").isEqualTo(45);
        Aimd off = aimd(50, 5, 200);
        assertThat(off.onSample(0, 900 * MS, 50, false)).as("slow but not dropped, threshold off: 50.02").isEqualTo(50);
        assertThat(off.onSample(0, 5_000 * MS, 50, true)).as("a timeout is a drop either way: floor(45.02)").isEqualTo(45);
    }

    @Test
    void oneDecreasePerEpisodeSlowAnswersQueuedBeforeTheCutDoNotCutAgain() {
        Aimd limit = aimd(60, 5, 200, 300);
        assertThat(limit.onSample(0, 310 * MS, 60, false)).as("the cut, at 0 + 310 ms: floor(0.9 * 60)").isEqualTo(54);
        for (int i = 1; i <= 40; i++) {
            // admitted 1..40 ms, before the cut at 310 ms, answering late: the same congestion
            assertThat(limit.onSample(i * MS, (300 + 10 * i) * MS, 60, false)).isEqualTo(54);
        }
        assertThat(limit.onSample(309 * MS, 5_000 * MS, 54, true)).as("a timeout admitted at 309 ms: still the same episode")
                .isEqualTo(54);
        assertThat(limit.onSample(310 * MS, 305 * MS, 54, false)).as("admitted at the cut, still slow: floor(0.9 * 54) = 48")
                .isEqualTo(48);
        assertThat(limit.onSample(400 * MS, 200 * MS, 48, false)).as("fast and busy: 48 + 1/48").isEqualTo(48);
        assertThat(limit.onSample(700 * MS, 320 * MS, 48, false)).as("admitted after the cut at 615 ms: floor(0.9 * 48.02) = 43")
                .isEqualTo(43);
    }

    @Test
    void aTimeoutStormCutsOncePerRoundTripDownToTheMinimumThenRecoveryAddsOneARound() {
        Aimd limit = aimd(100, 10, 200);
        List<Integer> afterEachSecond = new ArrayList<>();
        for (int second = 0; second < 22; second++) {
            for (int i = 0; i < 100; i++) { // attempts admitted every 10 ms, every one timing out after 1 s
                long start = second * 1_000 * MS + i * 10 * MS;
                limit.onSample(start, 1_000 * MS, limit.limit(), true);
            }
            afterEachSecond.add(limit.limit());
        }
        // 100 -> 90 -> 81 -> 72 (72.9) -> 64 (64.8) -> ... -> 11 (11.7) -> 10 (max(10, floor(9.9))): one cut per second,
        // the 99 other timeouts of each second were admitted before that second's cut took effect
        assertThat(afterEachSecond).containsExactly(90, 81, 72, 64, 57, 51, 45, 40, 36, 32, 28, 25, 22, 19, 17, 15, 13, 11,
                10, 10, 10, 10);
        for (int i = 0; i < 11; i++) {
            limit.onSample(30_000 * MS + i * MS, MS, limit.limit(), false); // every slot in use, fast and healthy
        }
        assertThat(limit.limit()).as("after the storm, 11 busy successes: 10 + 1/10 + 1/10.1 + ... = 11.05").isEqualTo(11);
    }

    @Test
    void aLatencySpikeCutsOnceAndTheLimitClimbsBackOneARound() {
        Aimd limit = aimd(40, 5, 200, 300);
        for (int i = 0; i < 40; i++) { // a 500 ms stall: every attempt admitted in the same 40 ms answers slowly
            limit.onSample(i * MS, 500 * MS, 40, false);
        }
        assertThat(limit.limit()).as("one cut for the whole spike: floor(0.9 * 40)").isEqualTo(36);
        int samples = 0;
        while (limit.limit() < 40) {
            limit.onSample(1_000 * MS + samples * MS, 200 * MS, limit.limit(), false);
            samples++;
        }
        // 36 -> 40 one per round of about limit busy samples: 36 + 37 + 38 + 39 = 150, and 2 more for the 1/limit steps'
        // rounding (36 + 1/36 + 1/36.03 + ... first reaches 40 at the 152nd)
        assertThat(samples).isEqualTo(152);
    }

    @Test
    void episodesAreComparedOverflowSafelyFromAHostileOrigin() {
        Aimd limit = aimd(50, 5, 200, 300);
        long origin = Long.MAX_VALUE - 5 * MS;
        assertThat(limit.onSample(origin, 310 * MS, 50, false)).as("the cut ends past Long.MAX_VALUE").isEqualTo(45);
        assertThat(limit.onSample(origin + 4 * MS, 400 * MS, 50, false)).as("admitted before the cut: ignored").isEqualTo(45);
        assertThat(limit.onSample(origin + 310 * MS, 400 * MS, 45, false)).as("admitted at the cut (wrapped): floor(40.5)")
                .isEqualTo(40);
    }
}
