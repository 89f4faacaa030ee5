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
 * within this round.
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
