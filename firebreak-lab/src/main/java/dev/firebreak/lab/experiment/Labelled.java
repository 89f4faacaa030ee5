package dev.firebreak.lab.experiment;

import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;

/**
 * A choice an experiment offers on the command line (a variant, a stack, a configuration), known by
 * its label; the lookups every such enum shares.
 */
public interface Labelled {

    /** The name in reports and on the command line. */
    String label();

    /** Every label of {@code values}, in declaration order. */
    static List<String> labels(Labelled[] values) {
        return Arrays.stream(values).map(Labelled::label).toList();
    }

    /** The value of {@code values} labelled {@code label}; else an IllegalArgumentException with {@code message}. */
    static <E extends Labelled> E find(E[] values, String label, Supplier<String> message) {
        return Arrays.stream(values).filter(v -> v.label().equals(label)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(message.get()));
    }
}
