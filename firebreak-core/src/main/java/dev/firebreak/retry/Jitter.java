package dev.firebreak.retry;

/**
 * How a retry's backoff is randomized, so that callers that failed together do not retry together.
 * With {@code b(n) = min(maxBackoff, initialBackoff * multiplier^(n-1))} the base of retry {@code n}
 * and {@code u} uniform in [0, 1):
 */
public enum Jitter {
    /** No randomness: retry {@code n} waits exactly {@code b(n)}. */
    NONE,
    /** "Full jitter": retry {@code n} waits {@code u * b(n)}, anywhere in [0, b(n)). */
    FULL,
    /**
     * "Decorrelated jitter": retry {@code n} waits {@code initial + u * (min(max, 3 * previous) - initial)},
     * where {@code previous} is the wait before the last retry ({@code initial} for the first): in
     * [initial, max], growing with the previous wait rather than with {@code n}.
     */
    DECORRELATED
}
