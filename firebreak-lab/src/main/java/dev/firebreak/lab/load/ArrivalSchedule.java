package dev.firebreak.lab.load;

import java.util.SplittableRandom;

/**
 * The intended start times of an open loop, as offsets from its start. Each offset is computed from
 * the arrival's index (constant) or from the running sum of gaps (Poisson), never from when the
 * previous request actually left: a sender that falls behind does not shift the schedule, and the
 * requests it delayed are charged the delay (coordinated omission correction).
 */
public final class ArrivalSchedule {

    private final double periodNanos;
    private final SplittableRandom random;
    private long index;
    private double poissonOffset;

    private ArrivalSchedule(double ratePerSecond, SplittableRandom random) {
        this.periodNanos = 1e9 / ratePerSecond;
        this.random = random;
    }

    /** Arrivals exactly 1/rate apart: offset of arrival i is round(i · 1e9 / rate). */
    public static ArrivalSchedule constant(double ratePerSecond) {
        return new ArrivalSchedule(ratePerSecond, null);
    }

    /** Poisson arrivals: exponential gaps of mean 1/rate drawn from {@code seed}. */
    public static ArrivalSchedule poisson(double ratePerSecond, long seed) {
        return new ArrivalSchedule(ratePerSecond, new SplittableRandom(seed));
    }

    /** The schedule for {@code loop}. */
    public static ArrivalSchedule of(Loop.Open loop, long seed) {
        return loop.arrivals() == Loop.Arrivals.POISSON
                ? poisson(loop.ratePerSecond(), seed) : constant(loop.ratePerSecond());
    }

    /** The intended offset, in nanoseconds from the loop's start, of the next arrival. */
    public long nextOffsetNanos() {
        long i = index++;
        if (random == null) {
            return Math.round(i * periodNanos);
        }
        if (i > 0) {
            poissonOffset += -Math.log(1 - random.nextDouble()) * periodNanos;
        }
        return Math.round(poissonOffset);
    }
}
