package dev.firebreak.lab.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * Conversions of option values that are lists, shared by the experiments' {@link ExperimentOptions#resolve()}:
 * each refusal names the option, the item and the rule.
 */
public final class OptionValues {

    private OptionValues() {
    }

    /**
     * The comma-separated items of {@code raw}, each one of {@code allowed}, duplicates dropped, in the
     * order given; {@code allowed} itself when {@code raw} is null (the option was not given).
     */
    public static List<String> labels(String option, String raw, List<String> allowed) throws UsageException {
        if (raw == null) {
            return allowed;
        }
        List<String> items = new ArrayList<>();
        for (String item : raw.split(",")) {
            String trimmed = item.trim();
            if (!allowed.contains(trimmed)) {
                throw new UsageException(option + " item '" + trimmed + "' is not one of " + String.join(", ", allowed));
            }
            if (!items.contains(trimmed)) {
                items.add(trimmed);
            }
        }
        if (items.isEmpty()) {
            throw new UsageException(option + " needs at least one of " + String.join(", ", allowed));
        }
        return items;
    }

    /** The comma-separated integers of {@code raw}, each within {@code [min, max]}, distinct and ascending. */
    public static List<Integer> ascendingInts(String option, String raw, int min, int max) throws UsageException {
        List<Integer> values = new ArrayList<>();
        for (String item : raw.split(",")) {
            try {
                int n = Integer.parseInt(item.trim());
                if (n >= min && n <= max) {
                    values.add(n);
                    continue;
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw new UsageException(option + " item '" + item.trim() + "' must be an integer between " + min + " and " + max);
        }
        return values.stream().distinct().sorted().toList();
    }
}
