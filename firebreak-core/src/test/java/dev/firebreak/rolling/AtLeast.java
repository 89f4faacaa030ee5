package dev.firebreak.rolling;

/**
 * A test for the tally's model checks and stress tests: whether the window handed over holds at least
 * {@code calls} calls (so a record's answer says whether its view counted every call that had
 * certainly happened). Never settled: every record goes through the bucket's word.
 */
record AtLeast(long calls) implements WindowTest {

    @Override
    public boolean test(long seen, long errors, long slow) {
        return seen >= calls;
    }

    @Override
    public boolean settled(long seen, long errors, long slow) {
        return false;
    }
}
