package dev.firebreak.collapse;

/**
 * The {@link Answers} a mapping fills for one shard: buffered, so that a mapping that throws midway
 * answers no one, and checked, so that a position answered twice or out of range is a mismatch even if
 * the mapping swallows the exception.
 */
final class AnswerSheet<R> implements Answers<R> {

    private final Object[] values;
    private final Throwable[] failures;
    private final boolean[] answered;
    private String violation;

    AnswerSheet(int size) {
        values = new Object[size];
        failures = new Throwable[size];
        answered = new boolean[size];
    }

    @Override
    public int size() {
        return values.length;
    }

    @Override
    public void answer(int position, R value) {
        mark(position);
        values[position] = value;
    }

    @Override
    public void fail(int position, Throwable failure) {
        mark(position);
        failures[position] = failure == null ? new NullPointerException("failure") : failure;
    }

    private void mark(int position) {
        if (position < 0 || position >= values.length) {
            throw mismatch("answer for position " + position + " of a batch of " + values.length);
        }
        if (answered[position]) {
            throw mismatch("position " + position + " answered twice");
        }
        answered[position] = true;
    }

    private ResponseMismatch mismatch(String message) {
        if (violation == null) {
            violation = message;
        }
        return new ResponseMismatch(message);
    }

    /** The first contract violation seen, or null. */
    String violation() {
        return violation;
    }

    boolean answered(int position) {
        return answered[position];
    }

    @SuppressWarnings("unchecked")
    R value(int position) {
        return (R) values[position];
    }

    Throwable failure(int position) {
        return failures[position];
    }
}
