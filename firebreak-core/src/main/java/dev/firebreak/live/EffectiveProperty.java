package dev.firebreak.live;

import dev.firebreak.config.Level;
import dev.firebreak.config.PropertyDefinition;
import java.util.Objects;

/**
 * One property's value in force for one running object, with the layer it came from: what a
 * configuration view or the stream's {@code propertyValue_*} fields show.
 *
 * @param key the property name relative to its scope, e.g. {@code circuitBreaker.errorThresholdPercentage}
 * @param value the typed value (Integer, Duration, Boolean or an enum constant), as the config record holds it
 * @param level the precedence layer that supplied the value
 * @param origin the full key that supplied it (e.g. {@code hystrix.command.default.circuitBreaker.enabled}),
 *     or {@code code} / {@code code default} / {@code library default} for the layers from code
 */
public record EffectiveProperty(String key, Object value, Level level, String origin) {

    /** Requires every field. */
    public EffectiveProperty {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(value, "value");
        Objects.requireNonNull(level, "level");
        Objects.requireNonNull(origin, "origin");
    }

    /** The value as a property file would spell it (a duration in the unit of its key: see {@link #text(PropertyDefinition)}). */
    public String text() {
        return value instanceof Enum<?> e ? e.name() : String.valueOf(value);
    }

    /** The value as {@code property}'s key spells it, e.g. a timeout's {@code Duration} as milliseconds. */
    @SuppressWarnings("unchecked")
    public String text(PropertyDefinition<?, ?> property) {
        return ((PropertyDefinition<Object, Object>) property).format(value);
    }
}
