package dev.firebreak.limit;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Vegas against its published rule (alpha 3, beta 6, smoothing 1, log = max(1, floor(log10(limit)))),
 * with worked numbers: {@code queue = ceil(limit * (1 - noLoad / rtt))}; queue <= log: + beta * log;
 * queue < alpha * log: + log; queue > beta * log: - log; a drop: - log.
 */
class VegasTest {

    private static final long MS = 1_000_000L;

    private static Vegas vegas(int start, int min, int max, int probeMultiplier) {
        return new Vegas(LimitConfig.builder().algorithm(LimitKind.VEGAS).initialLimit(start).minLimit(min)
                .maxLimit(max).vegasProbeMultiplier(probeMultiplier).build(), start);
    }

    @Test
    void theFirstSampleSetsTheNoLoadLatencyThenEachQueueBandHasItsStep() {
        Vegas limit = vegas(20, 1, 1000, 1000);
        assertThat(limit.onSample(0, 10 * MS, 20, false)).as("first sample: no-load RTT 10 ms").isEqualTo(20);
        assertThat(limit.noLoadRttNanos()).isEqualTo(10 * MS);
        assertThat(limit.onSample(0, 10 * MS, 20, false)).as("queue 0 <= log 1: 20 + 6").isEqualTo(26);
        assertThat(limit.onSample(0, 20 * MS, 26, false)).as("queue ceil(26 * 0.5) = 13 > 6: 26 - 1")
                .isEqualTo(25);
        assertThat(limit.onSample(0, 11_900_000L, 25, false)).as("queue ceil(25 * 0.1597) = 4 in [3, 6]: stays")
                .isEqualTo(25);
        assertThat(limit.onSample(0, 10_500_000L, 25, false)).as("queue ceil(25 * 0.0476) = 2 < 3: 25 + 1")
                .isEqualTo(26);
        assertThat(limit.onSample(0, 10 * MS, 12, false)).as("12 * 2 < 26: app-limited, stays").isEqualTo(26);
        assertThat(limit.onSample(0, 5 * MS, 26, false)).as("faster than no-load: new no-load 5 ms, stays")
                .isEqualTo(26);
        assertThat(limit.noLoadRttNanos()).isEqualTo(5 * MS);
    }

    @Test
    void aTimeoutStormTakesLogOffPerDropDownToTheMinimum() {
        Vegas limit = vegas(120, 20, 1000, 1000);
        limit.onSample(0, 10 * MS, 120, false); // no-load 10 ms
        assertThat(limit.onSample(0, 1_000 * MS, 120, true)).as("drop: 120 - log10(120) = 118").isEqualTo(118);
        for (int i = 0; i < 200; i++) {
            limit.onSample(i, 1_000 * MS, 120, true);
        }
        // 118 -> ... -> 100 in steps of 2, then steps of 1 (log10 < 100 is 1) down to the minimum 20
        assertThat(limit.limit()).isEqualTo(20);
    }

    @Test
    void recoveryWithoutQueueGrowsByBetaTimesLogAndStopsAtTheMaximum() {
        Vegas limit = vegas(20, 1, 40, 1000);
        limit.onSample(0, 10 * MS, 20, false);
        assertThat(limit.onSample(0, 10 * MS, 20, false)).isEqualTo(26);
        assertThat(limit.onSample(0, 10 * MS, 26, false)).isEqualTo(32);
        assertThat(limit.onSample(0, 10 * MS, 32, false)).isEqualTo(38);
        assertThat(limit.onSample(0, 10 * MS, 38, false)).as("44 capped at max 40").isEqualTo(40);
    }

    @Test
    void aLatencySpikeShrinksTheLimit() {
        Vegas limit = vegas(50, 1, 1000, 1000);
        limit.onSample(0, 10 * MS, 50, false);
        // 100 ms against 10 ms no-load: queue ceil(50 * 0.9) = 45 > 6 * log10(50) = 6: 50 - 1 each sample
        for (int i = 0; i < 5; i++) {
            limit.onSample(0, 100 * MS, 50, false);
        }
        assertThat(limit.limit()).isEqualTo(45);
    }

    @Test
    void aProbeResetsTheNoLoadLatencySoAPermanentlySlowerDownstreamIsRelearned() {
        Vegas limit = vegas(2, 1, 1000, 1); // probe after jitter * 1 * 2 samples, i.e. by the 2nd
        limit.onSample(0, 10 * MS, 2, false);
        limit.onSample(1, 30 * MS, 2, false);
        assertThat(limit.noLoadRttNanos()).as("the probe took 30 ms as the new no-load RTT").isEqualTo(30 * MS);
        assertThat(Vegas.jitter(12345L)).isBetween(0.5, 1.0).isEqualTo(Vegas.jitter(12345L));
    }

    @Test
    void smoothingMovesPartWay() {
        Vegas limit = new Vegas(LimitConfig.builder().algorithm(LimitKind.VEGAS).initialLimit(20)
                .vegasSmoothingPercent(50).vegasProbeMultiplier(1000).build(), 20);
        limit.onSample(0, 10 * MS, 20, false);
        assertThat(limit.onSample(0, 10 * MS, 20, false)).as("20 + 0.5 * 6 = 23").isEqualTo(23);
    }
}
