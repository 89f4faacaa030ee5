package dev.firebreak.stream;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Merges one event (one command, pool or collapser: one {@code type} and {@code name}) as each instance
 * of a fleet reported it into the event the fleet reports, by the rules Turbine 1.x applied, which the
 * Hystrix Dashboard expects:
 * <ul>
 *   <li>integers are summed, {@code propertyValue_*} included (the Dashboard divides the averaged
 *       figures and the window by {@code reportingHosts});</li>
 *   <li>nested objects of integers (the latency percentiles) are summed key by key;</li>
 *   <li>{@code reportingHosts} is summed, an instance that leaves it out counting as 1;</li>
 *   <li>anything else (strings, booleans, non-integer numbers) is kept as it is when every instance
 *       agrees, else as an object from each value to the number of instances reporting it
 *       ({@code "isCircuitBreakerOpen": {"true": 1, "false": 2}}, which the Dashboard renders);</li>
 *   <li>one deviation: {@code currentTime} is the latest instance's, not a sum of epoch times.</li>
 * </ul>
 * A field some instances leave out is merged over the instances that have it.
 */
final class TurbineMerge {

    private TurbineMerge() {
    }

    /** The fleet's event from {@code perInstance}, one event per instance reporting it (at least one). */
    static Map<String, Object> merge(List<Map<String, Object>> perInstance) {
        Map<String, List<Object>> byField = new LinkedHashMap<>();
        for (Map<String, Object> event : perInstance) {
            event.forEach((field, value) -> byField.computeIfAbsent(field, f -> new ArrayList<>()).add(value));
        }
        Map<String, Object> merged = new LinkedHashMap<>();
        byField.forEach((field, values) -> merged.put(field, switch (field) {
            case "currentTime" -> latest(values);
            case "reportingHosts" -> null; // set below, over every instance
            default -> mergeValues(values);
        }));
        long hosts = 0;
        for (Map<String, Object> event : perInstance) {
            hosts += event.get("reportingHosts") instanceof Long n ? n : 1L;
        }
        merged.put("reportingHosts", hosts);
        return merged;
    }

    private static Object mergeValues(List<Object> values) {
        if (values.stream().allMatch(v -> v instanceof Long)) {
            long sum = 0;
            for (Object v : values) {
                sum += (Long) v;
            }
            return sum;
        }
        if (values.stream().allMatch(TurbineMerge::isMapOfIntegers)) {
            Map<String, Object> sums = new LinkedHashMap<>();
            for (Object v : values) {
                ((Map<?, ?>) v).forEach((k, n) -> sums.merge(String.valueOf(k), n, (a, b) -> (Long) a + (Long) b));
            }
            return sums;
        }
        Map<String, Long> counts = new TreeMap<>();
        for (Object v : values) {
            counts.merge(String.valueOf(v), 1L, Long::sum);
        }
        if (counts.size() == 1) {
            return values.get(0); // every instance agrees: the value as it came
        }
        return new LinkedHashMap<String, Object>(counts);
    }

    private static boolean isMapOfIntegers(Object value) {
        return value instanceof Map<?, ?> map && map.values().stream().allMatch(v -> v instanceof Long);
    }

    private static Object latest(List<Object> values) {
        long latest = Long.MIN_VALUE;
        for (Object v : values) {
            if (v instanceof Long n) {
                latest = Math.max(latest, n);
            }
        }
        return latest == Long.MIN_VALUE ? values.get(0) : latest;
    }
}
