package dev.firebreak.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The 95 % intervals of the goal rows, checked against figures worked out by hand. */
class IntervalTest {

    @Test
    void theMeansIntervalIsStudentsTTimesTheStandardError() {
        // mean 10, sample standard deviation 1, n 3: standard error 1/sqrt(3); t(2) = 4.303
        Interval interval = Interval.ofMean(List.of(9.0, 10.0, 11.0));
        double half = 4.303 / Math.sqrt(3);
        assertThat(interval.low()).isCloseTo(10 - half, within(1e-9));
        assertThat(interval.high()).isCloseTo(10 + half, within(1e-9));
        assertThat(interval.atMost(12.5)).isTrue();
        assertThat(interval.atMost(12.0)).isFalse();
        assertThat(interval.above(7.5)).isTrue();
        assertThat(interval.above(8.0)).isFalse();
    }

    @Test
    void aRatioOfAddedTimesCombinesEverySidesSpread() {
        List<Double> direct = List.of(2.0, 2.0, 2.0); // no spread: only the two subjects' count
        List<Double> subject = List.of(49.0, 52.0, 55.0); // added 50, standard error sqrt(3)
        List<Double> peer = List.of(102.0, 102.0, 102.0); // added 100, no spread
        Interval interval = Interval.ofAddedRatio(subject, peer, direct);
        double half = 4.303 * Math.sqrt(3) / 100.0; // the ratio's standard error is the subject's over the peer's added time
        assertThat(interval.low()).isCloseTo(0.5 - half, within(1e-9));
        assertThat(interval.high()).isCloseTo(0.5 + half, within(1e-9));

        Interval withPeerSpread = Interval.ofAddedRatio(subject, List.of(99.0, 102.0, 105.0), direct);
        assertThat(withPeerSpread.high() - withPeerSpread.low()).isGreaterThan(interval.high() - interval.low());
        Interval withDirectSpread = Interval.ofAddedRatio(subject, peer, List.of(1.0, 2.0, 3.0));
        assertThat(withDirectSpread.high() - withDirectSpread.low()).isGreaterThan(interval.high() - interval.low());
    }

    @Test
    void oneForkOrAPeerAddingNothingGivesNoInterval() {
        assertThat(Interval.ofMean(List.of(5.0)).known()).isFalse();
        assertThat(Interval.ofAddedRatio(List.of(5.0, 6.0), List.of(9.0), List.of(1.0, 1.0)).known()).isFalse();
        assertThat(Interval.ofAddedRatio(List.of(5.0, 6.0), List.of(1.0, 1.0), List.of(1.0, 1.0)).known()).isFalse();
        assertThat(Interval.NONE.atMost(1.0)).isFalse();
        assertThat(Interval.NONE.above(1.0)).isFalse();
    }

    @Test
    void studentsTFallsTowardsTheNormalsQuantile() {
        assertThat(Interval.t95(1)).isEqualTo(12.706);
        assertThat(Interval.t95(10)).isEqualTo(2.228);
        assertThat(Interval.t95(20)).isBetween(2.042, 2.228);
        assertThat(Interval.t95(100)).isEqualTo(1.96);
        assertThatThrownBy(() -> Interval.t95(0)).isInstanceOf(IllegalArgumentException.class);
    }
}
