package dev.firebreak.collapse;

/**
 * The {@link Answers} a mapping fills for one shard: buffered, so that a mapping that throws midway
 * answers no one, and checked, so that a position answered twice or out of range is a mismatch even if
 * the mapping swallows the exception.
 *
 * <p>One array holds every position's answer: null while unanswered, {@link #NULL} for a null value,
 * a {@link Failed} for a failure, else the value (one array per shard instead of three).
 */
final class AnswerSheet<R> implements Answers<R> {

    /** A position answered with null. */
    private static final Object NULL = new Object();

    private final Object[] values;
    private String violation;

    AnswerSheet(int size) {
        values = new Object[size];
    }

    /** A position that failed; a user's value can never be one (the class is private). */
    private record Failed(Throwable failure) {
    }

    @Override
    public int size() {
        return values.length;
    }

    @Override
    public void answer(int position, R value) {
        mark(position);
        values[position] = value == null ? NULL : value;
    }

    @Override
    public void fail(int position, Throwable failure) {
        mark(position);
        values[position] = new Failed(failure == null ? new NullPointerException("failure") : failure);
    }

    private void mark(int position) {
        if (position < 0 || position >= values.length) {
            throw mismatch("answer for position " + position + " of a batch of " + values.length);
        }
        if (values[position] != null) {
            throw mismatch("position " + position + " answered twice");
        }
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
        return values[position] != null;
    }

    @SuppressWarnings("unchecked")
    R value(int position) {
        Object value = values[position];
        return value == NULL || value instanceof Failed ? null : (R) value;
    }

    Throwable failure(int position) {
        return values[position] instanceof Failed failed ? failed.failure() : null;
    }
}
