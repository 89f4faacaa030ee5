package dev.firebreak.lab.downstream;

import java.util.random.RandomGenerator;

/**
 * How long the simulated downstream takes per call: fixed, uniform, or lognormal with a given mean,
 * optionally multiplied by a small lognormal jitter (mean 1) that breaks the phase lock between
 * closed-loop clients and a fixed-rate collapser timer.
 */
public sealed interface LatencyModel {

    /** Draws one delay in nanoseconds (never negative). */
    long sampleNanos(RandomGenerator random);

    /** The mean delay in milliseconds. */
    double meanMillis();

    /** A short human description, e.g. {@code fixed 500 ms, jitter sigma 0.02}. */
    String describe();

    /** This model multiplied by a lognormal factor of mean 1 and shape {@code sigma} (0: unchanged). */
    default LatencyModel withJitter(double sigma) {
        if (!(sigma >= 0) || sigma > 2) {
            throw new IllegalArgumentException("jitter must be a lognormal sigma between 0 and 2, was " + sigma);
        }
        return sigma == 0 ? this : new Jittered(this, sigma);
    }

    /**
     * Parses {@code 500} or {@code fixed:500}, {@code uniform:450:550}, {@code lognormal:500:0.25}
     * (mean in ms, shape sigma).
     *
     * @throws IllegalArgumentException naming the spec and the expected forms
     */
    static LatencyModel parse(String spec) {
        String[] parts = spec.trim().split(":");
        try {
            switch (parts.length == 1 ? "fixed" : parts[0]) {
                case "fixed" -> {
                    return new Fixed(Double.parseDouble(parts[parts.length - 1]));
                }
                case "uniform" -> {
                    if (parts.length == 3) {
                        return new Uniform(Double.parseDouble(parts[1]), Double.parseDouble(parts[2]));
                    }
                }
                case "lognormal" -> {
                    if (parts.length == 3) {
                        return new LogNormal(Double.parseDouble(parts[1]), Double.parseDouble(parts[2]));
                    }
                }
                default -> {
                }
            }
        } catch (NumberFormatException e) {
            // fall through to the message below
        }
        throw new IllegalArgumentException("latency '" + spec + "' is not one of MS, fixed:MS, uniform:MIN_MS:MAX_MS, "
                + "lognormal:MEAN_MS:SIGMA (numbers, milliseconds)");
    }

    private static long toNanos(double millis) {
        return Math.max(0L, Math.round(millis * 1_000_000.0));
    }

    private static double meanOneLogNormal(RandomGenerator random, double sigma) {
        return Math.exp(sigma * random.nextGaussian() - sigma * sigma / 2);
    }

    /** Always the same delay. */
    record Fixed(double millis) implements LatencyModel {
        /** Validates. */
        public Fixed {
            if (!(millis >= 0)) {
                throw new IllegalArgumentException("fixed latency must be >= 0 ms, was " + millis);
            }
        }

        @Override
        public long sampleNanos(RandomGenerator random) {
            return toNanos(millis);
        }

        @Override
        public double meanMillis() {
            return millis;
        }

        @Override
        public String describe() {
            return "fixed " + millis + " ms";
        }
    }

    /** Uniform between two bounds. */
    record Uniform(double minMillis, double maxMillis) implements LatencyModel {
        /** Validates. */
        public Uniform {
            if (!(minMillis >= 0) || !(maxMillis >= minMillis)) {
                throw new IllegalArgumentException("uniform latency needs 0 <= min <= max, was " + minMillis + ".." + maxMillis);
            }
        }

        @Override
        public long sampleNanos(RandomGenerator random) {
            return toNanos(minMillis + (maxMillis - minMillis) * random.nextDouble());
        }

        @Override
        public double meanMillis() {
            return (minMillis + maxMillis) / 2;
        }

        @Override
        public String describe() {
            return "uniform " + minMillis + "-" + maxMillis + " ms";
        }
    }

    /** Lognormal with the given mean (not median) and shape. */
    record LogNormal(double meanMillis, double sigma) implements LatencyModel {
        /** Validates. */
        public LogNormal {
            if (!(meanMillis >= 0) || !(sigma >= 0) || sigma > 3) {
                throw new IllegalArgumentException("lognormal latency needs mean >= 0 ms and 0 <= sigma <= 3, was "
                        + meanMillis + ", " + sigma);
            }
        }

        @Override
        public long sampleNanos(RandomGenerator random) {
            return toNanos(meanMillis * meanOneLogNormal(random, sigma));
        }

        @Override
        public String describe() {
            return "lognormal mean " + meanMillis + " ms sigma " + sigma;
        }
    }

    /** Another model times a mean-one lognormal factor. */
    record Jittered(LatencyModel base, double sigma) implements LatencyModel {
        @Override
        public long sampleNanos(RandomGenerator random) {
            return Math.round(base.sampleNanos(random) * meanOneLogNormal(random, sigma));
        }

        @Override
        public double meanMillis() {
            return base.meanMillis();
        }

        @Override
        public String describe() {
            return base.describe() + ", jitter sigma " + sigma;
        }
    }
}
