package dev.firebreak.spring.boot.startup;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * One figure of {@link StartupBenchmark}, over its pairs of runs (each pair: one JVM without the
 * starter, one with, started one right after the other): the median of each variant, and the median
 * and interquartile range of the pairs' differences. A pair's difference cancels what both its JVMs
 * met (a burst of load on a shared machine), so its median moves much less between two rounds than
 * the difference of the two variants' medians does; the interquartile range says how much it moved
 * within this round, and the confidence interval how well the round pins the median difference down
 * (whether a budget is met: the whole interval below it).
 */
final class PairedDifferences {

    private final List<Long> without = new ArrayList<>();
    private final List<Long> with = new ArrayList<>();
    private final List<Long> differences = new ArrayList<>();

    /** Adds one pair's figures. */
    void add(long withoutStarter, long withStarter) {
        without.add(withoutStarter);
        with.add(withStarter);
        differences.add(withStarter - withoutStarter);
    }

    long medianWithout() {
        return quantile(without, 0.5);
    }

    long medianWith() {
        return quantile(with, 0.5);
    }

    /** The median of the pairs' differences (with minus without). */
    long medianDifference() {
        return quantile(differences, 0.5);
    }

    /** The first quartile of the pairs' differences. */
    long lowerQuartile() {
        return quantile(differences, 0.25);
    }

    /** The third quartile of the pairs' differences. */
    long upperQuartile() {
        return quantile(differences, 0.75);
    }

    /**
     * A distribution-free confidence interval of at least 95 % for the median of the pairs' differences:
     * the k-th smallest and k-th largest difference, k the largest rank whose binomial tail
     * {@code P(Binomial(n, 1/2) < k)} is at most 2.5 % (the sign test's interval; no assumption about the
     * differences' distribution). With 21 pairs it spans the 6th to 16th, with 41 the 14th to 28th.
     *
     * @return {lower, upper}; with fewer than 6 pairs no such interval exists and it is the whole range
     *         (smallest and largest difference)
     */
    long[] medianDifferenceConfidence95() {
        List<Long> sorted = new ArrayList<>(differences);
        Collections.sort(sorted);
        int k = confidenceRank(sorted.size());
        return new long[] {sorted.get(k - 1), sorted.get(sorted.size() - k)};
    }

    /**
     * The rank k of {@link #medianDifferenceConfidence95()} for {@code n} pairs: one more than the largest
     * j with {@code P(Binomial(n, 1/2) <= j) <= 2.5 %}, so the interval misses the median with
     * probability {@code 2 P(B <= k - 1) <= 5 %}; 1 when no j fits (fewer than 6 pairs).
     */
    static int confidenceRank(int n) {
        double cdf = 0; // P(B <= j)
        double term = Math.pow(0.5, n); // P(B = j), from j = 0
        int k = 1;
        for (int j = 0; j < n; j++) {
            cdf += term;
            if (cdf > 0.025) {
                break;
            }
            k = j + 1;
            term = term * (n - j) / (j + 1);
        }
        return k;
    }

    /**
     * The {@code q} quantile of {@code values}, interpolated linearly between the two nearest ranks
     * (the "type 7" estimate of R and NumPy), rounded to a whole number.
     */
    static long quantile(List<Long> values, double q) {
        if (values.isEmpty()) {
            throw new IllegalStateException("no runs");
        }
        List<Long> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        double position = q * (sorted.size() - 1);
        int below = (int) Math.floor(position);
        int above = Math.min(below + 1, sorted.size() - 1);
        double fraction = position - below;
        return Math.round(sorted.get(below) + fraction * (sorted.get(above) - sorted.get(below)));
    }
}
