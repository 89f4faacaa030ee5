package dev.firebreak.config;

import java.util.List;
import java.util.Objects;

/**
 * What a tool needs to know of one property to document it or offer it for completion (an IDE reading
 * Spring Boot's configuration metadata, a reference page): the property table's row, with its default
 * and allowed values spelled as a key's value is.
 *
 * @param name the property name relative to its scope and instance, e.g. {@code circuitBreaker.enabled}
 * @param type how the property's text is parsed ({@link ValueType#describe()} says it in words)
 * @param defaultValue the default, as a property file would spell it, e.g. {@code 1000}
 * @param meaning one line on what the property does
 * @param allowedValues the only values the property takes (an enum's constants), or empty when any value
 *     of its type is taken
 * @param live whether a running object takes a change (if not, it applies to objects created afterwards)
 * @param hystrixName the Hystrix property this one matches, or null for a Firebreak addition
 */
public record PropertyDescription(String name, ValueType<?> type, String defaultValue, String meaning,
        List<String> allowedValues, boolean live, String hystrixName) {

    /** Requires every field but {@code hystrixName}; copies the allowed values. */
    public PropertyDescription {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(defaultValue, "defaultValue");
        Objects.requireNonNull(meaning, "meaning");
        allowedValues = List.copyOf(allowedValues);
    }
}
