package dev.firebreak.lab.load;

import java.time.Duration;

/** The shape of a load: users in a closed loop, or arrivals at a rate in an open loop. */
public sealed interface Loop {

    /** The short name used in reports: {@code closed}, {@code sequential}, {@code open-200rps}. */
    String label();

    /** {@code users} users each sending, waiting for the answer, pausing, sending again. */
    static Closed closed(int users, Duration ramp, ThinkTime think, int repetitions) {
        return new Closed("closed", users, ramp, think, repetitions);
    }

    /** One user sending one request after the other: what a lone caller pays. */
    static Closed sequential(ThinkTime think) {
        return new Closed("sequential", 1, Duration.ZERO, think, 0);
    }

    /** Requests leaving at {@code ratePerSecond} whatever the answers do. */
    static Open open(double ratePerSecond, Arrivals arrivals) {
        return new Open(ratePerSecond, arrivals);
    }

    /**
     * A closed loop.
     *
     * @param label report name
     * @param users concurrent users
     * @param ramp users start evenly spread over this span (user i at i·ramp/users)
     * @param think pause after each answer
     * @param repetitions requests per user at most (0: until the run ends)
     */
    record Closed(String label, int users, Duration ramp, ThinkTime think, int repetitions) implements Loop {
        /** Validates. */
        public Closed {
            if (users < 1 || users > 100_000) {
                throw new IllegalArgumentException("users must be between 1 and 100000, was " + users);
            }
            if (ramp.isNegative() || repetitions < 0) {
                throw new IllegalArgumentException("ramp and repetitions must not be negative");
            }
        }
    }

    /**
     * An open loop; its requests are timed from their intended start (coordinated omission corrected).
     *
     * @param ratePerSecond arrivals per second
     * @param arrivals evenly spaced or Poisson
     */
    record Open(double ratePerSecond, Arrivals arrivals) implements Loop {
        /** Validates. */
        public Open {
            if (!(ratePerSecond > 0 && ratePerSecond <= 100_000)) {
                throw new IllegalArgumentException("rate must be > 0 and <= 100000 per second, was " + ratePerSecond);
            }
        }

        @Override
        public String label() {
            return "open-" + (ratePerSecond == Math.rint(ratePerSecond) ? Long.toString((long) ratePerSecond)
                    : Double.toString(ratePerSecond)) + "rps";
        }
    }

    /** How open-loop arrivals are spaced. */
    enum Arrivals {
        /** Exactly 1/rate apart. */
        CONSTANT,
        /** Exponential gaps of mean 1/rate (a Poisson process). */
        POISSON
    }
}
