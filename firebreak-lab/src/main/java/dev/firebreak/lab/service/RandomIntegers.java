package dev.firebreak.lab.service;

import java.util.AbstractList;
import java.util.Arrays;

/**
 * Random integers as the seed models them: an immutable list that a collapser splits back into each
 * caller's share with {@link #take} and {@link #drop}. It also carries the delay the downstream spent
 * on the call that produced it, so the lab can separate a library's added latency from the
 * dependency's.
 */
public final class RandomIntegers extends AbstractList<Integer> {

    private final int[] values;
    private final int from;
    private final int to;
    private final long downstreamDelayNanos;

    /** The integers of one downstream answer and the delay the downstream applied to it. */
    public RandomIntegers(int[] values, long downstreamDelayNanos) {
        this(values.clone(), 0, values.length, downstreamDelayNanos);
    }

    private RandomIntegers(int[] values, int from, int to, long downstreamDelayNanos) {
        this.values = values;
        this.from = from;
        this.to = to;
        this.downstreamDelayNanos = downstreamDelayNanos;
    }

    @Override
    public Integer get(int index) {
        if (index < 0 || index >= size()) {
            throw new IndexOutOfBoundsException(index);
        }
        return values[from + index];
    }

    @Override
    public int size() {
        return to - from;
    }

    /** The first {@code n} integers (shares the array, nothing copied). */
    public RandomIntegers take(int n) {
        checkCount(n);
        return new RandomIntegers(values, from, from + n, downstreamDelayNanos);
    }

    /** All but the first {@code n} integers (shares the array, nothing copied). */
    public RandomIntegers drop(int n) {
        checkCount(n);
        return new RandomIntegers(values, from + n, to, downstreamDelayNanos);
    }

    private void checkCount(int n) {
        if (n < 0 || n > size()) {
            throw new IllegalArgumentException("cannot split " + n + " integers from " + size());
        }
    }

    /** How long the downstream delayed the call these integers came from, in nanoseconds. */
    public long downstreamDelayNanos() {
        return downstreamDelayNanos;
    }

    @Override
    public String toString() {
        return Arrays.toString(Arrays.copyOfRange(values, from, to));
    }
}
