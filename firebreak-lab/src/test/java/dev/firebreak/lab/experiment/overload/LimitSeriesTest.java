package dev.firebreak.lab.experiment.overload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongToDoubleFunction;
import org.junit.jupiter.api.Test;

/** The settle-time and overshoot computation on synthetic limit series, sampled every 100 ms. */
class LimitSeriesTest {

    private static final long MS = 1_000_000L;
    private static final long HOLD = 1_000 * MS;

    /** Samples every 100 ms from 0 (inclusive) to {@code end} (exclusive), the change at {@code change}. */
    private static List<LimitSeries.Sample> series(long endMs, LongToDoubleFunction limitAtMs) {
        List<LimitSeries.Sample> samples = new ArrayList<>();
        for (long t = 0; t < endMs; t += 100) {
            samples.add(new LimitSeries.Sample(t * MS, limitAtMs.applyAsDouble(t)));
        }
        return samples;
    }

    @Test
    void aCleanStepDownSettlesWhenItEntersTheBandAndHasNoOvershoot() {
        // 40 until the change at 1 s; then falls linearly by 5 per 100 ms to 20 (reached at 1.4 s), holds to 7 s
        List<LimitSeries.Sample> samples = series(7_000, t -> t < 1_000 ? 40 : Math.max(20, 40 - (t - 1_000) / 100.0 * 5));
        LimitSeries.Settling s = LimitSeries.settle(samples, 1_000 * MS, 7_000 * MS, 0.1, HOLD);
        assertThat(s.before()).isEqualTo(40);
        assertThat(s.finalValue()).isEqualTo(20);
        // 25 at 1.3 s, 20 at 1.4 s: the band is 18..22, entered at 1.4 s for good
        assertThat(s.settleSeconds()).isCloseTo(0.4, within(1e-9));
        assertThat(s.overshoot()).isZero();
        assertThat(s.settled()).isTrue();
    }

    @Test
    void anUndershootIsMeasuredAgainstTheFinalValueAndDelaysSettlingUntilTheLimitStaysInTheBand() {
        // after the change at 1 s: 40 -> 14 at 1.5 s (30 % under 20), back to 20 from 3.0 s on
        List<LimitSeries.Sample> samples = series(8_000, t -> t < 1_000 ? 40 : t < 1_500 ? 40 - (t - 1_000) / 100.0 * 5.2 : t < 3_000 ? 14 : 20);
        LimitSeries.Settling s = LimitSeries.settle(samples, 1_000 * MS, 8_000 * MS, 0.1, HOLD);
        assertThat(s.finalValue()).isEqualTo(20);
        assertThat(s.overshoot()).isCloseTo(0.3, within(1e-9));
        assertThat(s.settleSeconds()).isCloseTo(2.0, within(1e-9));
    }

    @Test
    void aRiseThatOvershootsIsMeasuredAboveTheFinalValue() {
        // recovery at 0: 20 -> 50 (from 0.5 s) -> 40 from 2 s to the end at 6 s
        List<LimitSeries.Sample> samples = new ArrayList<>(List.of(new LimitSeries.Sample(-100 * MS, 20)));
        samples.addAll(series(6_000, t -> t < 500 ? 20 : t < 2_000 ? 50 : 40));
        LimitSeries.Settling s = LimitSeries.settle(samples, 0, 6_000 * MS, 0.1, HOLD);
        assertThat(s.before()).isEqualTo(20);
        assertThat(s.finalValue()).isEqualTo(40);
        assertThat(s.overshoot()).isCloseTo(0.25, within(1e-9));
        assertThat(s.settleSeconds()).isCloseTo(2.0, within(1e-9));
    }

    @Test
    void anAimdSawtoothAroundAConstantHasSettledWithItsDipAsTheOvershoot() {
        // after the change at 1 s: 50 -> 45 -> 40 -> 36 -> 32 (one cut per 500 ms), then a sawtooth 28, 29, 30, 31, 28, ...
        // (+1 per 300 ms, back to floor(0.9 * 31) = 27.9 -> 28): within 10 % of its mean 29.5 from 3.0 s on
        List<LimitSeries.Sample> samples = series(7_000, t -> {
            if (t < 1_000) {
                return 50;
            }
            if (t < 3_000) {
                return new double[] {45, 40, 36, 32}[(int) ((t - 1_000) / 500)];
            }
            return 28 + ((t - 3_000) / 300) % 4;
        });
        LimitSeries.Settling s = LimitSeries.settle(samples, 1_000 * MS, 7_000 * MS, 0.1, HOLD);
        // the last second, 6.0..6.9 s: (t - 3000) / 300 = 10..13 -> 30, 30, 30, 31, 31, 31, 28, 28, 28, 29: mean 29.6
        assertThat(s.finalValue()).isCloseTo(29.6, within(1e-9));
        // 32 at 2.5..2.9 s is 8.1 % above 29.6, 36 at 2.0 s is not: settled from 2.5 s, 1.5 s after the change
        assertThat(s.settleSeconds()).isCloseTo(1.5, within(1e-9));
        // the lowest, 28, is 5.4 % under the final value
        assertThat(s.overshoot()).isCloseTo(1.6 / 29.6, within(1e-9));
    }

    @Test
    void aLimitThatKeepsOscillatingOrEntersTheBandTooLateHasNotSettled() {
        // +-30 % around 20 every 100 ms for the whole phase: never within the band for a whole second
        List<LimitSeries.Sample> swinging = series(6_000, t -> (t / 100) % 2 == 0 ? 26 : 14);
        assertThat(LimitSeries.settle(swinging, 0, 6_000 * MS, 0.1, HOLD).settled()).isFalse();
        // falls to 20 only 0.5 s before the end: in the band, but not for the hold
        List<LimitSeries.Sample> late = series(6_000, t -> t < 5_500 ? 40 : 20);
        LimitSeries.Settling s = LimitSeries.settle(late, 0, 6_000 * MS, 0.1, HOLD);
        assertThat(s.settled()).isFalse();
        assertThat(s.settleSeconds()).isNaN();
    }

    @Test
    void aLimitThatNeverMovesSettlesAtOnceAndTheMeanSkipsVariantsWithoutALimit() {
        List<LimitSeries.Sample> flat = series(3_000, t -> 40);
        LimitSeries.Settling s = LimitSeries.settle(flat, 1_000 * MS, 3_000 * MS, 0.1, HOLD);
        assertThat(s.settleSeconds()).isZero();
        assertThat(s.overshoot()).isZero();
        assertThat(LimitSeries.mean(flat, 0, 3_000 * MS)).isEqualTo(40);
        assertThat(LimitSeries.mean(series(1_000, t -> Double.NaN), 0, 1_000 * MS)).isNaN();
    }
}
