package dev.firebreak.live;

import dev.firebreak.classify.ResultPredicates;
import dev.firebreak.config.InvalidConfigException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The check of a store's snapshot as one change ({@link PropertySource#isStore()}): every value that
 * differs from the snapshot in force must pass its own checks (type, range, a known predicate), or the
 * whole snapshot is refused, so that the keys a writer changed together apply together or not at all.
 * Rules across properties are checked afterwards on each resolved record, key by key, as for every
 * source.
 */
final class WholeSnapshots {

    private WholeSnapshots() {
    }

    /**
     * A REFUSED event for each changed value of {@code next} (against {@code inForce}) refused on its own,
     * each saying the store's snapshot is refused whole; empty when every changed value passes.
     */
    static List<ConfigEvent> refusals(String sourceName, String revision, Map<String, String> next,
            Map<String, String> inForce, ResultPredicates predicates) {
        List<ConfigEvent> refusals = new ArrayList<>();
        for (Map.Entry<String, String> entry : next.entrySet()) {
            String key = entry.getKey();
            String text = entry.getValue();
            PropertyKey parsed = Objects.equals(inForce.get(key), text) ? null : PropertyKey.parse(key);
            if (parsed == null) {
                continue; // unchanged, or no known property (reported as an unknown key when it applies)
            }
            InvalidConfigException refusal = AcceptedProperties.check(parsed, key, text, predicates);
            if (refusal != null) {
                refusals.add(new ConfigEvent(ConfigEvent.Kind.REFUSED, parsed.scope().segment(), parsed.instance(),
                        parsed.property().name(), key, text, key + " = " + text + ": " + refusal.rule() + "; the change"
                                + " of source " + sourceName + (revision == null ? "" : " at revision " + revision)
                                + " is refused whole: its last valid properties stay in force", inForce.get(key)));
            }
        }
        return List.copyOf(refusals);
    }
}
