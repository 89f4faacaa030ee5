package dev.firebreak.bench;

import java.util.List;

/**
 * A 95 % confidence interval from the scores of several JMH forks, each fork one independent sample
 * (a fork's own JIT decisions, memory layout and neighbours move its score far more than its
 * iterations differ from each other, so the iterations of one fork are not independent samples).
 *
 * <p>A difference or ratio of figures from different forks (added time: the subject's forks minus the
 * direct call's; a ratio of two added times) combines their standard errors to first order (the delta
 * method), with Student's t at the fewest forks' degrees of freedom. The direct call's spread enters
 * both added times of a ratio and is counted in each as if independent, which widens the interval: it
 * errs wide, never narrow.
 *
 * @param low  the lower bound
 * @param high the upper bound
 */
public record Interval(double low, double high) {

    /** No interval: fewer than two forks on a side. */
    public static final Interval NONE = new Interval(Double.NaN, Double.NaN);

    /** Two-sided 95 % quantiles of Student's t for 1 to 10 degrees of freedom (index 0 is unused). */
    private static final double[] T95 = {Double.NaN, 12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262,
            2.228};

    /** Whether there is an interval. */
    public boolean known() {
        return !Double.isNaN(low) && !Double.isNaN(high);
    }

    /** Whether the whole interval is at most {@code bound}: the goal is met whatever the noise. */
    public boolean atMost(double bound) {
        return known() && high <= bound;
    }

    /** Whether the whole interval is above {@code bound}: the goal is missed whatever the noise. */
    public boolean above(double bound) {
        return known() && low > bound;
    }

    /** The interval of the mean of {@code forks}' scores. */
    public static Interval ofMean(List<Double> forks) {
        if (forks.size() < 2) {
            return NONE;
        }
        double mean = mean(forks);
        double half = t95(forks.size() - 1) * standardError(forks);
        return new Interval(mean - half, mean + half);
    }

    /**
     * The interval of {@code (subject - direct) / (peer - direct)}, each term the mean of its forks; NONE if
     * a side has fewer than two forks or the peer adds nothing.
     */
    public static Interval ofAddedRatio(List<Double> subject, List<Double> peer, List<Double> direct) {
        int fewest = Math.min(subject.size(), Math.min(peer.size(), direct.size()));
        if (fewest < 2) {
            return NONE;
        }
        double mine = mean(subject) - mean(direct);
        double theirs = mean(peer) - mean(direct);
        if (theirs <= 0) {
            return NONE;
        }
        double directVariance = square(standardError(direct));
        double mineVariance = square(standardError(subject)) + directVariance;
        double theirsVariance = square(standardError(peer)) + directVariance;
        double ratio = mine / theirs;
        // d(m/t) = dm/t - m dt/t^2, the two independent: Var = Var(m)/t^2 + m^2 Var(t)/t^4
        double standardError = Math.sqrt(mineVariance / square(theirs)
                + square(mine) * theirsVariance / square(square(theirs)));
        double half = t95(fewest - 1) * standardError;
        return new Interval(ratio - half, ratio + half);
    }

    /** The mean of {@code values}. */
    static double mean(List<Double> values) {
        double sum = 0;
        for (double value : values) {
            sum += value;
        }
        return sum / values.size();
    }

    /** The standard error of the mean of {@code values} (sample standard deviation over the square root of n). */
    static double standardError(List<Double> values) {
        double mean = mean(values);
        double squares = 0;
        for (double value : values) {
            squares += square(value - mean);
        }
        return Math.sqrt(squares / (values.size() - 1) / values.size());
    }

    /** Student's t two-sided 95 % quantile for {@code degrees} degrees of freedom (the normal's beyond 30). */
    static double t95(int degrees) {
        if (degrees < 1) {
            throw new IllegalArgumentException("degrees of freedom must be at least 1: " + degrees);
        }
        if (degrees < T95.length) {
            return T95[degrees];
        }
        return degrees <= 30 ? 2.042 + (2.228 - 2.042) * (30 - degrees) / 20.0 : 1.96; // linear between 10 and 30
    }

    private static double square(double value) {
        return value * value;
    }
}
