package dev.firebreak.spring.boot.config;

import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Environment's indexed keys ({@code ...ignoreExceptions[0]}, {@code [1]}, as a YAML list gives them)
 * as the one comma-separated key the core reads. As Spring's binder does, the strongest property source
 * that holds a list key in either spelling gives the whole of it.
 */
final class ListKeys {

    private static final Pattern INDEXED = Pattern.compile("(.+)\\[(\\d+)]");

    // base key -> the source that claimed it first (strongest), and its items by index
    private final Map<String, Integer> claimedBy = new java.util.HashMap<>();
    private final Map<String, TreeMap<Integer, String>> items = new java.util.HashMap<>();

    /** The key a list item belongs to, or null for a key that is not an item. */
    static String base(String key) {
        Matcher m = INDEXED.matcher(key);
        return m.matches() ? m.group(1) : null;
    }

    /** Whether {@code key} (a plain or an item key) is taken by the source numbered {@code source}; claims it if free. */
    boolean claim(String key, int source) {
        String base = base(key);
        Integer owner = claimedBy.putIfAbsent(base == null ? key : base, source);
        return owner == null || owner == source;
    }

    /** Records the item {@code key} of the claiming source. */
    void item(String key, String value) {
        Matcher m = INDEXED.matcher(key);
        if (m.matches() && value != null) {
            items.computeIfAbsent(m.group(1), k -> new TreeMap<>()).put(Integer.parseInt(m.group(2)), value);
        }
    }

    /** Adds each list to {@code snapshot} as one comma-separated value, in index order. */
    void joinInto(Map<String, String> snapshot) {
        items.forEach((base, byIndex) -> snapshot.put(base, String.join(",", byIndex.values())));
    }
}
