package dev.firebreak.lab.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The open loop's schedule and the coordinated omission correction, as arithmetic. */
class OpenLoopTimingTest {

    private static final long MS = 1_000_000L;

    @Test
    void constantArrivalsAreComputedFromTheIndexSoTheyNeverDrift() {
        ArrivalSchedule schedule = ArrivalSchedule.constant(3);
        List<Long> offsets = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            offsets.add(schedule.nextOffsetNanos());
        }
        assertThat(offsets).containsExactly(0L, 333_333_333L, 666_666_667L, 1_000_000_000L);
        ArrivalSchedule far = ArrivalSchedule.constant(3);
        long last = 0;
        for (int i = 0; i <= 3_000_000; i++) {
            last = far.nextOffsetNanos();
        }
        assertThat(last).isEqualTo(1_000_000L * 1_000_000_000L);
    }

    @Test
    void poissonArrivalsAreSeededIncreasingAndAverageTheRate() {
        ArrivalSchedule a = ArrivalSchedule.poisson(200, 7);
        ArrivalSchedule b = ArrivalSchedule.poisson(200, 7);
        long previous = -1;
        long offset = 0;
        for (int i = 0; i < 20_000; i++) {
            offset = a.nextOffsetNanos();
            assertThat(offset).isEqualTo(b.nextOffsetNanos()).isGreaterThanOrEqualTo(previous);
            previous = offset;
        }
        // 19,999 gaps of mean 5 ms: 100 s, within 3 % (the sd of the sum is 0.7 %)
        assertThat(offset / 1e9).isCloseTo(100.0, within(3.0));
    }

    @Test
    void aStalledSenderIsChargedToTheRequestsItDelayed() {
        // 100/s: requests intended at 0, 10, 20, 30, 40 ms; each takes 1 ms once sent. The sender stalls
        // from 15 ms to 50 ms, so requests 2, 3 and 4 leave at 50 ms.
        LatencyRecorder corrected = new LatencyRecorder();
        long[] intended = {0, 10 * MS, 20 * MS, 30 * MS, 40 * MS};
        long[] actual = {0, 10 * MS, 50 * MS, 50 * MS, 50 * MS};
        for (int i = 0; i < intended.length; i++) {
            RequestTiming timing = new RequestTiming(intended[i], actual[i], actual[i] + MS);
            corrected.recordSuccess(timing, 0);
        }
        LatencySummary summary = corrected.summary(0.05);
        // response times 1, 1, 31, 21, 11 ms: mean 13 ms, max 31 ms; the naive service time is 1 ms each
        assertThat(summary.meanMs()).isCloseTo(13.0, within(0.05));
        assertThat(summary.maxMs()).isCloseTo(31.0, within(0.05));
        assertThat(summary.serviceMeanMs()).isCloseTo(1.0, within(0.01));
        assertThat(summary.maxLateStartMs()).isCloseTo(30.0, within(0.05));
        assertThat(summary.tps()).isCloseTo(100.0, within(1e-9));
    }

    @Test
    void addedLatencySubtractsTheDownstreamsOwnDelay() {
        LatencyRecorder recorder = new LatencyRecorder();
        recorder.recordSuccess(RequestTiming.unscheduled(0, 510 * MS), 500 * MS);
        recorder.recordSuccess(RequestTiming.unscheduled(0, 600 * MS), 500 * MS);
        recorder.recordFailure("HTTP 503: rejected");
        LatencySummary summary = recorder.summary(1);
        assertThat(summary.ok()).isEqualTo(2);
        assertThat(summary.errors()).isEqualTo(1);
        assertThat(summary.meanMs()).isCloseTo(555.0, within(0.5));
        assertThat(summary.addedMeanMs()).isCloseTo(55.0, within(0.1));
        assertThat(summary.failureSamples()).containsExactly("HTTP 503: rejected");
    }

    @Test
    void timingDerivesResponseServiceAndLateness() {
        RequestTiming timing = new RequestTiming(Long.MAX_VALUE - 5 * MS, Long.MAX_VALUE - 2 * MS, Long.MIN_VALUE + 3 * MS);
        // the ticker wrapped between the start and the end: differences stay right
        assertThat(timing.responseTimeNanos()).isEqualTo(8 * MS + 1);
        assertThat(timing.serviceTimeNanos()).isEqualTo(5 * MS + 1);
        assertThat(timing.lateStartNanos()).isEqualTo(3 * MS);
    }
}
