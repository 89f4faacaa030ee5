package dev.firebreak.lab.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * A parsed command line: {@code --flag}, {@code --option VALUE} or {@code --option=VALUE}, and
 * positional words. Only declared options are accepted; every typed getter checks its range and
 * throws a {@link UsageException} naming the option, the value and the rule.
 */
public final class Args {

    private final Map<String, String> values;
    private final Set<String> flags;
    private final List<String> positional;

    private Args(Map<String, String> values, Set<String> flags, List<String> positional) {
        this.values = values;
        this.flags = flags;
        this.positional = positional;
    }

    /**
     * Parses {@code argv}.
     *
     * @param booleanFlags options that take no value (without the leading dashes)
     * @param valuedOptions options that take one value (without the leading dashes)
     */
    public static Args parse(List<String> argv, Set<String> booleanFlags, Set<String> valuedOptions) throws UsageException {
        Map<String, String> values = new LinkedHashMap<>();
        Set<String> flags = new TreeSet<>();
        List<String> positional = new ArrayList<>();
        for (int i = 0; i < argv.size(); i++) {
            String word = argv.get(i);
            if (!word.startsWith("--")) {
                positional.add(word);
                continue;
            }
            String name = word.substring(2);
            String inline = null;
            int equals = name.indexOf('=');
            if (equals >= 0) {
                inline = name.substring(equals + 1);
                name = name.substring(0, equals);
            }
            if (booleanFlags.contains(name)) {
                if (inline != null) {
                    throw new UsageException("--" + name + " takes no value (got '" + inline + "')");
                }
                flags.add(name);
            } else if (valuedOptions.contains(name)) {
                String value = inline;
                if (value == null) {
                    if (i + 1 >= argv.size() || argv.get(i + 1).startsWith("--")) {
                        throw new UsageException("--" + name + " needs a value");
                    }
                    value = argv.get(++i);
                }
                if (values.put(name, value) != null) {
                    throw new UsageException("--" + name + " given twice");
                }
            } else {
                Set<String> known = new TreeSet<>(booleanFlags);
                known.addAll(valuedOptions);
                throw new UsageException("unknown option '" + word + "' (known: --" + String.join(", --", known) + ")");
            }
        }
        return new Args(values, flags, positional);
    }

    /** Convenience for {@link #parse(List, Set, Set)} from an array. */
    public static Args parse(String[] argv, Set<String> booleanFlags, Set<String> valuedOptions) throws UsageException {
        return parse(Arrays.asList(argv), booleanFlags, valuedOptions);
    }

    /** True if the flag was given. */
    public boolean flag(String name) {
        return flags.contains(name);
    }

    /** The option's raw value, if given. */
    public Optional<String> value(String name) {
        return Optional.ofNullable(values.get(name));
    }

    /** The positional words, in order. */
    public List<String> positional() {
        return List.copyOf(positional);
    }

    /** An integer option within {@code [min, max]}, or {@code fallback} when absent. */
    public int intValue(String name, int fallback, int min, int max) throws UsageException {
        String raw = values.get(name);
        if (raw == null) {
            return fallback;
        }
        try {
            int value = Integer.parseInt(raw.trim());
            if (value >= min && value <= max) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new UsageException("--" + name + " must be an integer between " + min + " and " + max + ", was '" + raw + "'");
    }

    /** A decimal option within {@code [min, max]}, or {@code fallback} when absent. */
    public double doubleValue(String name, double fallback, double min, double max) throws UsageException {
        String raw = values.get(name);
        if (raw == null) {
            return fallback;
        }
        try {
            double value = Double.parseDouble(raw.trim());
            if (value >= min && value <= max) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new UsageException("--" + name + " must be a number between " + min + " and " + max + ", was '" + raw + "'");
    }

    /** A comma-separated list option whose items must each be in {@code allowed}, or {@code fallback}. */
    public List<String> listValue(String name, List<String> fallback, List<String> allowed) throws UsageException {
        String raw = values.get(name);
        if (raw == null) {
            return fallback;
        }
        List<String> items = new ArrayList<>();
        for (String item : raw.split(",")) {
            String trimmed = item.trim();
            if (!allowed.contains(trimmed)) {
                throw new UsageException("--" + name + " item '" + trimmed + "' is not one of " + String.join(", ", allowed));
            }
            if (!items.contains(trimmed)) {
                items.add(trimmed);
            }
        }
        if (items.isEmpty()) {
            throw new UsageException("--" + name + " needs at least one of " + String.join(", ", allowed));
        }
        return items;
    }
}
