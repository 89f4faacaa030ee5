package dev.firebreak.rolling;

/**
 * A yes-or-no question about a window's figures, asked by a {@link RollingTally}'s owner: the tally
 * counts and hands over the figures; the question, and any threshold in it, belongs to the owner (the
 * circuit breaker's rule is one).
 */
public interface WindowTest {

    /** The answer for a window of {@code calls} calls (at least 1), {@code errors} errors and {@code slow} slow calls. */
    boolean test(long calls, long errors, long slow);

    /**
     * Whether the answer is false for these figures and stays false for every window with at least
     * these calls, these errors and at most these slow calls: a success that is not slow can then be
     * counted without asking again.
     */
    boolean settled(long calls, long errors, long slow);

    /**
     * Whether {@link #test} and {@link #settled} may depend on the slow calls; false lets a caller pass 0
     * for them without reading them.
     */
    default boolean tracksSlow() {
        return true;
    }
}
