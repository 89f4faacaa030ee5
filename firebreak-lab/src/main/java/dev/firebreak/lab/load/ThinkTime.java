package dev.firebreak.lab.load;

import java.time.Duration;
import java.util.random.RandomGenerator;

/**
 * A closed-loop user's pause between receiving an answer and sending its next request: uniform
 * between {@code min} and {@code max} (the seeds' "1-2 s pause"), or none.
 *
 * @param min shortest pause
 * @param max longest pause
 */
public record ThinkTime(Duration min, Duration max) {

    /** No pause: the next request leaves as soon as the answer arrives. */
    public static final ThinkTime NONE = new ThinkTime(Duration.ZERO, Duration.ZERO);

    /** Validates. */
    public ThinkTime {
        if (min.isNegative() || max.compareTo(min) < 0) {
            throw new IllegalArgumentException("think time needs 0 <= min <= max, was " + min + ".." + max);
        }
    }

    /** Parses {@code 0}, {@code 5} (ms) or {@code 1000-2000} (ms range). */
    public static ThinkTime parseMillis(String spec) {
        try {
            String[] parts = spec.split("-", -1);
            if (parts.length == 1) {
                long ms = Long.parseLong(parts[0].trim());
                return new ThinkTime(Duration.ofMillis(ms), Duration.ofMillis(ms));
            }
            if (parts.length == 2) {
                return new ThinkTime(Duration.ofMillis(Long.parseLong(parts[0].trim())),
                        Duration.ofMillis(Long.parseLong(parts[1].trim())));
            }
        } catch (NumberFormatException e) {
            // fall through
        }
        throw new IllegalArgumentException("think time '" + spec + "' is not MS or MIN_MS-MAX_MS");
    }

    /** Draws one pause in nanoseconds. */
    public long sampleNanos(RandomGenerator random) {
        long lo = min.toNanos();
        long hi = max.toNanos();
        return lo == hi ? lo : lo + (long) (random.nextDouble() * (hi - lo));
    }
}
