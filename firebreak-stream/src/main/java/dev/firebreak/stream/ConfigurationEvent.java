package dev.firebreak.stream;

import dev.firebreak.live.DynamicConfiguration;
import dev.firebreak.live.SourceStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Writes the live configuration's provenance as one {@code FirebreakConfiguration} event, a type of
 * Firebreak's own (dashboards that do not know the type skip it), sent when the registry has a
 * {@link DynamicConfiguration}: each source with its revision and whether and for how long it has
 * failed, and for every key a source gives, the source and revision in force for it (the last source
 * holding a key is the one that wins).
 */
final class ConfigurationEvent {

    private ConfigurationEvent() {
    }

    static void write(JsonWriter json, DynamicConfiguration configuration, long currentTimeMillis) {
        List<SourceStatus> statuses = configuration.sources();
        List<Object> sources = new ArrayList<>();
        Map<String, Object> keys = new TreeMap<>();
        for (SourceStatus source : statuses) {
            Map<String, Object> one = new TreeMap<>();
            one.put("name", source.name());
            one.put("revision", source.revision() == null ? JsonReader.NULL : source.revision());
            one.put("keys", (long) source.keys().size());
            one.put("failing", source.failing());
            one.put("failingForMillis", source.failingFor().toMillis());
            sources.add(one);
            for (String key : source.keys()) { // a later source overwrites: the one in force
                Map<String, Object> origin = new TreeMap<>();
                origin.put("source", source.name());
                origin.put("revision", source.revision() == null ? JsonReader.NULL : source.revision());
                keys.put(key, origin);
            }
        }
        json.begin().field("type", "FirebreakConfiguration").field("name", "configuration")
                .field("currentTime", currentTimeMillis).field("reportingHosts", 1L)
                .parsed("sources", sources).parsed("keys", keys).end();
    }
}
