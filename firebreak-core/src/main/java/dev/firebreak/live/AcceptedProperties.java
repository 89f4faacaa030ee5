package dev.firebreak.live;

import dev.firebreak.classify.ResultPredicates;
import dev.firebreak.config.ConfigScope;
import dev.firebreak.config.InvalidConfigException;
import dev.firebreak.config.PropertyDefinition;
import dev.firebreak.config.ValueType;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The dynamic properties in force, by full key, each parsed and checked on its own: the first of the
 * two checks (the second, {@link LayeredResolution}, checks the rules across properties on each
 * resolved record). Immutable; {@link #next} makes the successor from the sources' new snapshot.
 *
 * <p>Rule: a key whose new text is refused keeps its last accepted value (or stays absent if it never
 * had one), so the last valid value stays in force; a key gone from the sources is dropped, so the
 * weaker layers show through again.
 */
final class AcceptedProperties {

    private static final AcceptedProperties EMPTY = new AcceptedProperties(Map.of());

    private final Map<String, Accepted> values;

    private AcceptedProperties(Map<String, Accepted> values) {
        this.values = values;
    }

    static AcceptedProperties empty() {
        return EMPTY;
    }

    /** The parsed value of {@code fullKey}, or null. */
    Object value(String fullKey) {
        Accepted accepted = values.get(fullKey);
        return accepted == null ? null : accepted.value;
    }

    /**
     * The successor for the sources' merged snapshot {@code merged}; refusals and unknown keys are
     * added to {@code events}, only for keys whose text differs from {@code previous} (so an unchanged
     * bad line is reported once, not on every refresh). A predicate name must be one {@code predicates} knows.
     */
    AcceptedProperties next(Map<String, String> merged, Map<String, String> previous, List<ConfigEvent> events,
            ResultPredicates predicates) {
        Map<String, Accepted> next = new HashMap<>();
        for (Map.Entry<String, String> entry : merged.entrySet()) {
            String key = entry.getKey();
            String text = entry.getValue();
            boolean news = !Objects.equals(previous.get(key), text);
            PropertyKey parsed = PropertyKey.parse(key);
            if (parsed == null) {
                if (news && PropertyKey.underScope(key)) {
                    events.add(new ConfigEvent(ConfigEvent.Kind.UNKNOWN_KEY, null, null, null, key, text,
                            key + " names no known property; ignored"));
                }
                continue;
            }
            Accepted old = values.get(key);
            if (old != null && old.text.equals(text)) {
                next.put(key, old);
                continue;
            }
            InvalidConfigException refusal = check(parsed, key, text, predicates);
            if (refusal == null) {
                next.put(key, new Accepted(text, parsed.property().parse(key, text)));
                continue;
            }
            if (old != null) {
                next.put(key, old);
            }
            if (news) {
                events.add(new ConfigEvent(ConfigEvent.Kind.REFUSED, parsed.scope().segment(), parsed.instance(),
                        parsed.property().name(), key, text, key + " = " + text + ": " + refusal.rule()
                                + (old == null ? "; not applied" : "; keeping " + old.text)));
            }
        }
        return new AcceptedProperties(Map.copyOf(next));
    }

    /** The refusal of {@code text} for {@code key} on its own (type, then the property's own rules), or null. */
    static InvalidConfigException check(PropertyKey parsed, String key, String text,
            ResultPredicates predicates) {
        try {
            Object value = parsed.property().parse(key, text);
            if (parsed.property().type() instanceof ValueType.PredicateNameType && !"".equals(value)
                    && predicates.find((String) value) == null) {
                return new InvalidConfigException(key, text, "must name a result predicate the registry knows");
            }
            InvalidConfigException rule = checkAlone(parsed.scope(), parsed.property(), value);
            return rule == null ? null : new InvalidConfigException(key, text, rule.rule());
        } catch (InvalidConfigException refused) {
            return refused;
        }
    }

    @SuppressWarnings("unchecked")
    private static <C, B> InvalidConfigException checkAlone(ConfigScope<C, B> scope, PropertyDefinition<?, ?> property,
            Object value) {
        return scope.checkAlone((PropertyDefinition<C, B>) property, value);
    }

    private record Accepted(String text, Object value) {
    }
}
