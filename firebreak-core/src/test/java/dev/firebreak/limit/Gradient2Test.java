package dev.firebreak.limit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Gradient2 against its published rule (smoothing 0.2, tolerance 1.5, queue allowance 4, long window
 * 600, warm-up mean of 10 samples), with worked numbers. One step while latency holds:
 * {@code gradient = min(1, 1.5 * long / short) = 1}, {@code target = limit + 4},
 * {@code limit = 0.8 * limit + 0.2 * target = limit + 0.8}.
 */
class Gradient2Test {

    private static final long MS = 1_000_000L;

    private static Gradient2 gradient2(int start, int min) {
        return new Gradient2(LimitConfig.builder().algorithm(LimitKind.GRADIENT2).initialLimit(start).minLimit(min)
                .maxLimit(200).build(), start);
    }

    private static List<Integer> feed(Gradient2 limit, int samples, long rtt, int inFlight) {
        List<Integer> limits = new ArrayList<>();
        for (int i = 0; i < samples; i++) {
            limits.add(limit.onSample(i * MS, rtt, inFlight, false));
        }
        return limits;
    }

    @Test
    void steadyLatencyGrowsByPointEightASample() {
        Gradient2 limit = gradient2(20, 1);
        // 20.8, 21.6, 22.4, 23.2, 24.0, 24.8, 25.6, 26.4, 27.2, 28.0 (floored)
        assertThat(feed(limit, 10, 10 * MS, 40)).containsExactly(20, 21, 22, 23, 24, 24, 25, 26, 27, 28);
        assertThat(limit.longRttNanos()).as("warm-up mean of ten 10 ms samples").isEqualTo(10.0 * MS);
    }

    @Test
    void anAppLimitedCallerDoesNotGrowTheLimit() {
        Gradient2 limit = gradient2(20, 1);
        assertThat(feed(limit, 5, 10 * MS, 9)).as("9 < 20 / 2 in flight").containsOnly(20);
    }

    @Test
    void aLatencySpikeHalvesTheGradientAndPullsTheLimitDown() {
        Gradient2 limit = gradient2(20, 1);
        feed(limit, 10, 10 * MS, 40); // 28.0, long RTT 10 ms
        // 40 ms: long = 10 + 30 * 2/601 = 10.0998 ms; gradient = max(0.5, 1.5 * 10.0998 / 40 = 0.379) = 0.5;
        // target = 28 * 0.5 + 4 = 18; limit = 0.8 * 28 + 0.2 * 18 = 26.0
        assertThat(feed(limit, 5, 40 * MS, 40)).containsExactly(26, 24, 22, 21, 19);
    }

    @Test
    void aTimeoutStormSettlesAtTheMinimumAndRecoveryGrowsAgain() {
        Gradient2 limit = gradient2(20, 10);
        feed(limit, 10, 10 * MS, 40); // 28.0
        feed(limit, 5, 40 * MS, 40); // 19.8
        // 1 s timeouts: each step is 0.9 * limit + 0.8 (gradient 0.5), whose fixed point 8 lies below min 10
        List<Integer> storm = feed(limit, 30, 1_000 * MS, 40);
        assertThat(storm.subList(0, 5)).containsExactly(18, 17, 16, 15, 14);
        assertThat(storm.getLast()).isEqualTo(10);
        // back to 10 ms: the long average (about 105 ms) is more than twice the short, so it is cut by 5 % a
        // sample; the gradient is min(1, 1.5 * long / 10) = 1, so the limit grows by 0.8 a sample again
        assertThat(feed(limit, 10, 10 * MS, 40)).containsExactly(10, 11, 12, 13, 14, 14, 15, 16, 17, 18);
    }

    @Test
    void neverAboveTheMaximum() {
        Gradient2 limit = new Gradient2(LimitConfig.builder().algorithm(LimitKind.GRADIENT2).initialLimit(30)
                .maxLimit(30).build(), 30);
        assertThat(feed(limit, 20, 10 * MS, 30)).containsOnly(30);
    }
}
