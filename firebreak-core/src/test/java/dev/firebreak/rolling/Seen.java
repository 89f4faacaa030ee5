package dev.firebreak.rolling;

/**
 * A test that writes down the figures a record hands over and answers false; {@code settledFrom}
 * calls on, with no error and no slow call, it answers settled (the quiet path), 0 for never.
 */
final class Seen implements WindowTest {

    private final long settledFrom;
    private String figures = "nothing handed over";

    Seen(long settledFrom) {
        this.settledFrom = settledFrom;
    }

    Seen() {
        this(0);
    }

    @Override
    public boolean test(long calls, long errors, long slow) {
        figures = calls + " calls, " + errors + " errors, " + slow + " slow";
        return false;
    }

    @Override
    public boolean settled(long calls, long errors, long slow) {
        figures = calls + " calls, " + errors + " errors, " + slow + " slow (settled?)";
        return settledFrom > 0 && calls >= settledFrom && errors == 0 && slow == 0;
    }

    /** The last figures handed over, as "c calls, e errors, s slow". */
    String figures() {
        return figures;
    }
}
