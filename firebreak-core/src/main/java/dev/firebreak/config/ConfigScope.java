package dev.firebreak.config;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * One kind of configurable object: guards ({@code command}), thread pools ({@code threadpool}),
 * collapsers ({@code collapser}), retry ({@code retry}) and hedging ({@code hedge}) policies. A scope
 * knows its property table, its config record and how to build one, so that dynamic configuration
 * treats them all alike; it is also the one place that says which properties a running object keeps
 * from its creation ({@link #changedFixed}, {@link #keepFixed}), from the rows' flags.
 *
 * <p>Keys read {@code <prefix>.<segment>.<instance>.<property>} with one of the scope's
 * {@linkplain #prefixes() prefixes}; the instance {@value #DEFAULT_INSTANCE} holds the dynamic global
 * defaults.
 *
 * @param <C> the config record
 * @param <B> the record's builder
 */
public final class ConfigScope<C, B> {

    /** The instance name that holds a scope's dynamic global defaults. */
    public static final String DEFAULT_INSTANCE = "default";

    /** The prefixes of a scope Hystrix has too, strongest first: a {@code firebreak.} key wins over its {@code hystrix.} twin. */
    public static final List<String> FIREBREAK_AND_HYSTRIX = List.of("firebreak", "hystrix");

    /** The prefix of a scope Hystrix does not have. */
    public static final List<String> FIREBREAK_ONLY = List.of("firebreak");

    private final String segment;
    private final List<String> prefixes;
    private final Class<C> recordType;
    private final List<PropertyDefinition<C, B>> properties;
    private final Map<String, PropertyDefinition<C, B>> byName = new LinkedHashMap<>();
    private final Supplier<B> newBuilder;
    private final Function<B, C> build;
    private final Function<C, Set<String>> setInCode;
    private final BiConsumer<B, Set<String>> replaceSetInCode;
    private final C defaults;
    private final List<Implication> implications;

    /**
     * A scope read under {@code prefixes} (strongest first: {@link #FIREBREAK_AND_HYSTRIX} or
     * {@link #FIREBREAK_ONLY}) and {@code segment}.
     *
     * @param properties the property table, one row per record component
     * @param newBuilder a builder holding every default
     * @param setInCode the names a record says its code set (Hystrix's "instance default from code")
     * @param replaceSetInCode replaces the names a builder records as set in code
     */
    public ConfigScope(List<String> prefixes, String segment, Class<C> recordType,
            List<PropertyDefinition<C, B>> properties, Supplier<B> newBuilder, Function<B, C> build,
            Function<C, Set<String>> setInCode, BiConsumer<B, Set<String>> replaceSetInCode) {
        this(prefixes, segment, recordType, properties, newBuilder, build, setInCode, replaceSetInCode, List.of());
    }

    /** A scope as above whose properties' explicit values may imply others' ({@link Implication}). */
    public ConfigScope(List<String> prefixes, String segment, Class<C> recordType,
            List<PropertyDefinition<C, B>> properties, Supplier<B> newBuilder, Function<B, C> build,
            Function<C, Set<String>> setInCode, BiConsumer<B, Set<String>> replaceSetInCode,
            List<Implication> implications) {
        if (prefixes.isEmpty()) {
            throw new IllegalArgumentException("scope " + segment + " needs at least one key prefix");
        }
        this.prefixes = List.copyOf(prefixes);
        this.implications = List.copyOf(implications);
        this.segment = segment;
        this.recordType = recordType;
        this.properties = List.copyOf(properties);
        this.newBuilder = newBuilder;
        this.build = build;
        this.setInCode = setInCode;
        this.replaceSetInCode = replaceSetInCode;
        for (PropertyDefinition<C, B> p : properties) {
            if (byName.put(p.name(), p) != null) {
                throw new IllegalStateException("property " + p.name() + " defined twice in " + segment);
            }
        }
        this.defaults = build.apply(newBuilder.get());
        for (Implication i : this.implications) {
            if (!byName.containsKey(i.trigger()) || !byName.containsKey(i.implied())) {
                throw new IllegalStateException("implication " + i + " names a property " + segment + " lacks");
            }
        }
    }

    /** The key segment after the prefix: {@code command}, {@code threadpool}, {@code collapser}, ... */
    public String segment() {
        return segment;
    }

    /** The key prefixes this scope accepts, strongest first. */
    public List<String> prefixes() {
        return prefixes;
    }

    /** The config record class. */
    public Class<C> recordType() {
        return recordType;
    }

    /** Every property of this scope, in documentation order. */
    public List<PropertyDefinition<C, B>> properties() {
        return properties;
    }

    /**
     * Every property of this scope as a tool reads it (name, type, default, meaning, allowed values), in
     * documentation order: what IDE metadata and reference pages are generated from.
     */
    public List<PropertyDescription> describe() {
        List<PropertyDescription> descriptions = new ArrayList<>(properties.size());
        for (PropertyDefinition<C, B> property : properties) {
            descriptions.add(property.describe(defaults));
        }
        return List.copyOf(descriptions);
    }

    /** The property named {@code name}, or null. */
    public PropertyDefinition<C, B> property(String name) {
        return byName.get(name);
    }

    /** The values one property's explicit setting implies for another (see {@link Implication}). */
    public List<Implication> implications() {
        return implications;
    }

    /** The record with every default. */
    public C defaults() {
        return defaults;
    }

    /** The property names {@code config} records as set in code. */
    public Set<String> setInCode(C config) {
        return setInCode.apply(config);
    }

    /** The full key {@code <prefix>.<segment>.<instance>.<property>}. */
    public String key(String prefix, String instance, PropertyDefinition<C, B> property) {
        return prefix + "." + segment + "." + instance + "." + property.name();
    }

    /**
     * Builds a record from defaults with {@code values} set and {@code setInCodeNames} as its set-in-code
     * names; throws {@link InvalidConfigException} if a rule is broken.
     */
    public C build(Map<PropertyDefinition<C, B>, Object> values, Set<String> setInCodeNames) {
        B builder = newBuilder.get();
        values.forEach((property, value) -> property.set(builder, Objects.requireNonNull(value, property.name())));
        replaceSetInCode.accept(builder, setInCodeNames);
        return build.apply(builder);
    }

    /** Builds the record {@code builder} holds; throws {@link InvalidConfigException} if a rule is broken. */
    public C build(B builder) {
        return build.apply(builder);
    }

    /**
     * Checks {@code value} for {@code property} on its own, against the defaults: returns the
     * refusal if a rule on this one property is broken, null if not (a rule that also involves
     * other properties is left to the check of the whole record).
     */
    public InvalidConfigException checkAlone(PropertyDefinition<C, B> property, Object value) {
        try {
            build(Map.of(property, value), Set.of());
            return null;
        } catch (InvalidConfigException e) {
            return e.relatedKeys().isEmpty() ? e : null;
        }
    }

    /**
     * The properties fixed at creation whose values differ between {@code current} and {@code next}:
     * what a running object ignores when reconfigured.
     */
    public List<String> changedFixed(C current, C next) {
        // The one place that derives, from the rows' flags, what a running object must ignore.
        List<String> changed = new ArrayList<>();
        for (PropertyDefinition<C, B> property : properties) {
            if (!property.live() && !Objects.equals(property.get(current), property.get(next))) {
                changed.add(property.name());
            }
        }
        return changed;
    }

    /**
     * The configuration a running object created with {@code created} takes when given {@code next}:
     * {@code next} itself, or, if a property fixed at creation differs, {@code next} with every such
     * property at its value in {@code created} (and {@code next}'s set-in-code names).
     *
     * @throws InvalidConfigException if that record breaks a rule across properties
     */
    public C keepFixed(C created, C next) {
        if (changedFixed(created, next).isEmpty()) {
            return next;
        }
        Map<PropertyDefinition<C, B>, Object> values = new LinkedHashMap<>();
        for (PropertyDefinition<C, B> property : properties) {
            values.put(property, property.get(property.live() ? next : created));
        }
        return build(values, setInCode(next));
    }

    @Override
    public String toString() {
        return segment;
    }
}
