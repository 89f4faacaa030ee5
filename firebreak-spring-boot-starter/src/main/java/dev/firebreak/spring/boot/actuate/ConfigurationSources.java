package dev.firebreak.spring.boot.actuate;

import dev.firebreak.live.DynamicConfiguration;
import dev.firebreak.live.SourceStatus;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The live configuration's sources as the endpoint shows them: each source's revision, its keys, and
 * whether and for how long it has been failing (its last snapshot then stays in force: how stale it
 * may be); and, per property, the source and revision that supplied the value in force.
 */
final class ConfigurationSources {

    private ConfigurationSources() {
    }

    /** Every source, in order (a later one wins for the same key). */
    static List<Map<String, Object>> view(DynamicConfiguration configuration) {
        List<Map<String, Object>> view = new ArrayList<>();
        for (SourceStatus source : configuration.sources()) {
            Map<String, Object> one = new LinkedHashMap<>();
            one.put("name", source.name());
            one.put("revision", source.revision());
            one.put("keys", source.keys().size());
            one.put("failing", source.failing());
            if (source.failing()) {
                one.put("failure", source.failure());
                one.put("failingForMillis", source.failingFor().toMillis());
            }
            view.add(one);
        }
        return view;
    }

    /** Adds {@code source} and {@code revision} to {@code property} when the key {@code origin} came from one. */
    static void annotate(Map<String, Object> property, String origin, List<SourceStatus> sources) {
        for (int i = sources.size() - 1; i >= 0; i--) { // the last source holding the key is the one in force
            SourceStatus source = sources.get(i);
            if (source.keys().contains(origin)) {
                property.put("source", source.name());
                if (source.revision() != null) {
                    property.put("revision", source.revision());
                }
                return;
            }
        }
    }
}
