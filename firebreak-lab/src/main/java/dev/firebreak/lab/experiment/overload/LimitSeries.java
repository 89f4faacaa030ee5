package dev.firebreak.lab.experiment.overload;

import java.util.List;

/**
 * Readings of a variant's limit over time, and how it settled after a capacity change.
 *
 * <p><b>Settled</b>, precisely: let F be the mean of the samples in the last {@code hold} of the
 * phase (its final value). The limit has settled at the first sample time t after the change from
 * which every sample up to the end of the phase lies within {@code tolerance} x F of F, provided that
 * stretch lasts at least {@code hold}; the settle time is t minus the change. If no such t exists the
 * limit did not settle within the phase. <b>Overshoot</b> is how far the limit went past F on the way,
 * in the direction it moved (below F after a fall, above F after a rise), as a share of F.
 */
public final class LimitSeries {

    private LimitSeries() {
    }

    /**
     * One reading.
     *
     * @param atNanos when, on the lab's ticker
     * @param limit the limit then (NaN when the variant has none)
     */
    public record Sample(long atNanos, double limit) {
    }

    /**
     * How the limit settled after one change.
     *
     * @param before the last reading before the change (NaN if none)
     * @param finalValue F, the mean over the phase's last {@code hold}
     * @param settleSeconds seconds from the change until it settled (NaN: it did not within the phase)
     * @param overshoot how far past F it went, as a share of F (0: not at all)
     */
    public record Settling(double before, double finalValue, double settleSeconds, double overshoot) {

        /** True if it settled within the phase. */
        public boolean settled() {
            return !Double.isNaN(settleSeconds);
        }
    }

    /** The mean of the finite readings in {@code [from, to)}; NaN if there are none. */
    public static double mean(List<Sample> samples, long from, long to) {
        double sum = 0;
        int n = 0;
        for (Sample s : samples) {
            if (s.atNanos() >= from && s.atNanos() < to && Double.isFinite(s.limit())) {
                sum += s.limit();
                n++;
            }
        }
        return n == 0 ? Double.NaN : sum / n;
    }

    /**
     * How the limit settled after a change at {@code changeAt} within the phase ending at {@code endAt}.
     *
     * @param tolerance the band around the final value, as a share of it (0.1: 10 %)
     * @param holdNanos how long the limit must stay in the band, and the span its final value is taken over
     */
    public static Settling settle(List<Sample> samples, long changeAt, long endAt, double tolerance, long holdNanos) {
        List<Sample> window = samples.stream().filter(s -> s.atNanos() >= changeAt && s.atNanos() < endAt && Double.isFinite(s.limit()))
                .toList();
        double before = Double.NaN;
        for (Sample s : samples) {
            if (s.atNanos() < changeAt && Double.isFinite(s.limit())) {
                before = s.limit();
            }
        }
        double finalValue = mean(window, endAt - holdNanos, endAt);
        if (window.isEmpty() || Double.isNaN(finalValue)) {
            return new Settling(before, finalValue, Double.NaN, Double.NaN);
        }
        double band = tolerance * Math.abs(finalValue);
        int first = window.size();
        while (first > 0 && Math.abs(window.get(first - 1).limit() - finalValue) <= band) {
            first--;
        }
        double settleSeconds = Double.NaN;
        if (first < window.size() && endAt - window.get(first).atNanos() >= holdNanos) {
            settleSeconds = (window.get(first).atNanos() - changeAt) / 1e9;
        }
        double lowest = window.stream().mapToDouble(Sample::limit).min().orElse(finalValue);
        double highest = window.stream().mapToDouble(Sample::limit).max().orElse(finalValue);
        double past;
        if (!Double.isNaN(before) && before > finalValue) {
            past = finalValue - lowest; // it fell: how far below the final value
        } else if (!Double.isNaN(before) && before < finalValue) {
            past = highest - finalValue; // it rose: how far above
        } else {
            past = Math.max(finalValue - lowest, highest - finalValue);
        }
        double overshoot = finalValue == 0 ? 0 : Math.max(0, past) / Math.abs(finalValue);
        return new Settling(before, finalValue, settleSeconds, overshoot);
    }
}
