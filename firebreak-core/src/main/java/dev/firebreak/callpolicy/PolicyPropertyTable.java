package dev.firebreak.callpolicy;

import dev.firebreak.config.InvalidConfigException;
import dev.firebreak.config.PropertyDefinition;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The property table of one kind of call policy ({@code retry}, {@code hedge}): one
 * {@link PropertyDefinition} per property, read from keys {@code firebreak.<segment>.<name>.<property>}
 * with {@code firebreak.<segment>.default.<property>} as the dynamic global default. Applying a set of
 * properties is all or nothing: a value that does not parse or breaks a rule throws an
 * {@link InvalidConfigException} naming the key, the value and the rule, and the configuration in
 * force stays.
 *
 * @param <C> the config record
 * @param <B> its builder
 */
public final class PolicyPropertyTable<C, B> {

    /** The instance name holding the dynamic global defaults. */
    public static final String DEFAULT_INSTANCE = "default";

    private final String segment;
    private final List<PropertyDefinition<C, B>> properties;
    private final Function<C, B> toBuilder;
    private final Function<B, C> build;

    /** A table for keys {@code firebreak.<segment>.*}. */
    public PolicyPropertyTable(String segment, List<PropertyDefinition<C, B>> properties, Function<C, B> toBuilder,
            Function<B, C> build) {
        this.segment = segment;
        this.properties = List.copyOf(properties);
        this.toBuilder = toBuilder;
        this.build = build;
    }

    /** The properties, in documentation order. */
    public List<PropertyDefinition<C, B>> properties() {
        return properties;
    }

    /** The full key of {@code property} for instance {@code name}. */
    public String key(String name, PropertyDefinition<C, B> property) {
        return "firebreak." + segment + "." + name + "." + property.name();
    }

    /**
     * The configuration of the running instance {@code name} once {@code values} (full keys to text)
     * are applied over {@code current}: the instance's key wins over the default instance's, and a
     * property fixed at creation keeps its running value.
     *
     * @throws InvalidConfigException naming the key, the value and the rule; nothing is applied then
     */
    public C apply(String name, C current, Map<String, String> values) {
        B builder = toBuilder.apply(current);
        for (PropertyDefinition<C, B> property : properties) {
            String key = key(name, property);
            String text = values.get(key);
            if (text == null) {
                key = key(DEFAULT_INSTANCE, property);
                text = values.get(key);
            }
            if (text == null || !property.live()) {
                continue;
            }
            property.set(builder, property.parse(key, text.trim()));
        }
        return build.apply(builder);
    }
}
