package dev.firebreak.stream;

import dev.firebreak.time.Ticker;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * One tick of an aggregate stream: every instance's latest events, merged per type and name by
 * {@link TurbineMerge}, one {@code data:} event each (sorted by type, then name), a tombstone
 * ({@code "deleteData": "true"}, which makes the Hystrix Dashboard remove the circuit) for each event
 * that no instance reports any more, then a ping.
 *
 * <p>Not thread-safe: the emitter runs one tick at a time.
 */
final class AggregateFrames {

    private final Supplier<List<InstanceStream>> instances;
    private final Ticker ticker;
    private Set<String> lastKeys = Set.of();

    /** {@code instances}: the fleet at each tick (it may change between ticks). */
    AggregateFrames(Supplier<List<InstanceStream>> instances, Ticker ticker) {
        this.instances = instances;
        this.ticker = ticker;
    }

    byte[] build(long currentTimeMillis, BooleanSupplier abandoned) {
        long now = ticker.read();
        Map<String, List<Map<String, Object>>> byKey = new TreeMap<>();
        for (InstanceStream instance : instances.get()) {
            if (abandoned.getAsBoolean()) {
                return null;
            }
            instance.checkStall(now);
            for (Map<String, Object> event : instance.events(now)) {
                byKey.computeIfAbsent(event.get("type") + "\u0000" + event.get("name"), k -> new ArrayList<>()).add(event);
            }
        }
        StringBuilder out = new StringBuilder(4096);
        JsonWriter json = new JsonWriter(out);
        for (List<Map<String, Object>> events : byKey.values()) {
            out.append("data: ");
            json.begin();
            TurbineMerge.merge(events).forEach(json::parsed);
            json.end();
            out.append("\n\n");
        }
        for (String gone : lastKeys) {
            if (!byKey.containsKey(gone)) {
                int split = gone.indexOf('\u0000');
                out.append("data: ");
                json.begin().field("type", gone.substring(0, split)).field("name", gone.substring(split + 1))
                        .field("deleteData", "true").end();
                out.append("\n\n");
            }
        }
        lastKeys = new HashSet<>(byKey.keySet());
        out.append("ping: \n\n");
        return out.toString().getBytes(StandardCharsets.UTF_8);
    }
}
