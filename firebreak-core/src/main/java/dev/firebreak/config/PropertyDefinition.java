package dev.firebreak.config;

import java.util.Objects;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.ObjIntConsumer;
import java.util.function.Predicate;
import java.util.function.ToIntFunction;

/**
 * One configurable property of one {@linkplain ConfigScope scope}: its name (relative to
 * {@code firebreak.<scope>.<name>.}), its type, whether a running object takes a change, the Hystrix
 * name it matches, and how to read it from the config record and set it on the record's builder.
 *
 * <p>The defaults are not repeated here: they are the record's own ({@link #defaultValue}).
 *
 * @param <C> the config record
 * @param <B> the record's builder
 */
public final class PropertyDefinition<C, B> {

    private final String name;
    private final String component;
    private final ValueType<?> type;
    private final boolean live;
    private final String hystrixName;
    private final String meaning;
    private final Function<C, Object> getter;
    private final BiConsumer<B, Object> setter;

    private PropertyDefinition(String name, String component, ValueType<?> type, boolean live, boolean hystrix,
            String meaning, Function<C, Object> getter, BiConsumer<B, Object> setter) {
        this.name = Objects.requireNonNull(name, "name");
        this.component = Objects.requireNonNull(component, "component");
        this.type = type;
        this.live = live;
        this.hystrixName = hystrix ? name : null;
        this.meaning = meaning;
        this.getter = getter;
        this.setter = setter;
    }

    /** An integer property. */
    public static <C, B> PropertyDefinition<C, B> ofInt(String name, String component, Flags flags, String meaning,
            ToIntFunction<C> getter, ObjIntConsumer<B> setter) {
        return new PropertyDefinition<>(name, component, ValueType.INTEGER, flags.live, flags.hystrix, meaning,
                c -> getter.applyAsInt(c), (b, v) -> setter.accept(b, (Integer) v));
    }

    /** A decimal property ({@link ValueType#DECIMAL}). */
    public static <C, B> PropertyDefinition<C, B> ofDecimal(String name, String component, Flags flags,
            String meaning, java.util.function.ToDoubleFunction<C> getter, java.util.function.ObjDoubleConsumer<B> setter) {
        return new PropertyDefinition<>(name, component, ValueType.DECIMAL, flags.live, flags.hystrix, meaning,
                c -> getter.applyAsDouble(c), (b, v) -> setter.accept(b, (Double) v));
    }

    /** A boolean property. */
    public static <C, B> PropertyDefinition<C, B> ofBoolean(String name, String component, Flags flags,
            String meaning, Predicate<C> getter, BiConsumer<B, Boolean> setter) {
        return new PropertyDefinition<>(name, component, ValueType.BOOLEAN, flags.live, flags.hystrix, meaning,
                getter::test, (b, v) -> setter.accept(b, (Boolean) v));
    }

    /** An enum property. */
    public static <C, B, E extends Enum<E>> PropertyDefinition<C, B> ofEnum(String name, String component,
            Flags flags, String meaning, Class<E> type, Function<C, E> getter, BiConsumer<B, E> setter) {
        return new PropertyDefinition<>(name, component, ValueType.enumOf(type), flags.live, flags.hystrix,
                meaning, getter::apply, (b, v) -> setter.accept(b, type.cast(v)));
    }

    /** A property of any {@link ValueType}, such as {@link ValueType#THROWABLE_TYPES} or {@link ValueType#PREDICATE_NAME}. */
    public static <C, B, T> PropertyDefinition<C, B> of(String name, String component, Flags flags, String meaning,
            ValueType<T> type, Function<C, T> getter, BiConsumer<B, T> setter) {
        return new PropertyDefinition<>(name, component, type, flags.live, flags.hystrix, meaning, getter::apply,
                (b, v) -> {
                    @SuppressWarnings("unchecked") // the value was parsed by, or read from, this row's type
                    T typed = (T) v;
                    setter.accept(b, typed);
                });
    }

    /** A duration property, whole milliseconds on the wire ({@link ValueType#MILLIS}). */
    public static <C, B> PropertyDefinition<C, B> ofMillis(String name, String component, Flags flags, String meaning,
            Function<C, java.time.Duration> getter, BiConsumer<B, java.time.Duration> setter) {
        return new PropertyDefinition<>(name, component, ValueType.MILLIS, flags.live, flags.hystrix, meaning,
                getter::apply, (b, v) -> setter.accept(b, (java.time.Duration) v));
    }

    /** A duration property, whole minutes on the wire ({@link ValueType#MINUTES}). */
    public static <C, B> PropertyDefinition<C, B> ofMinutes(String name, String component, Flags flags,
            String meaning, Function<C, java.time.Duration> getter, BiConsumer<B, java.time.Duration> setter) {
        return new PropertyDefinition<>(name, component, ValueType.MINUTES, flags.live, flags.hystrix, meaning,
                getter::apply, (b, v) -> setter.accept(b, (java.time.Duration) v));
    }

    /**
     * This row as a row of a record composed of this one's record: the same name, type, flags and
     * meaning, its component read as {@code part.component}, its value read through {@code part} and
     * set on the builder part {@code builderPart} gives. This is how a policy's own table joins the
     * guard's ({@code GuardConfig}'s table is its parts' tables composed, no key written twice).
     */
    public <P, PB> PropertyDefinition<P, PB> within(String partName, Function<P, C> part,
            Function<PB, B> builderPart) {
        PropertyDefinition<C, B> inner = this;
        return new PropertyDefinition<>(name, partName + "." + component, type, live, hystrixName != null, meaning,
                whole -> inner.get(part.apply(whole)), (b, v) -> inner.set(builderPart.apply(b), v));
    }

    /**
     * This row as a row of a table whose record and builder extend this row's own: how a part every
     * call policy shares (its budget and throttle) is written once and joins each policy's table.
     */
    @SuppressWarnings("unchecked")
    public <P extends C, PB extends B> PropertyDefinition<P, PB> forSubtypes() {
        // Safe: C and B appear only as arguments (get, set), so a row for a supertype serves a subtype.
        return (PropertyDefinition<P, PB>) this;
    }

    /** The property's name relative to its scope and instance, e.g. {@code circuitBreaker.forceOpen}. */
    public String name() {
        return name;
    }

    /** The name of the config record's component holding the value. */
    public String component() {
        return component;
    }

    /** How the property's text is parsed. */
    public ValueType<?> type() {
        return type;
    }

    /** Whether a running object takes a change; if not, it applies to objects created afterwards. */
    public boolean live() {
        return live;
    }

    /** The Hystrix property this one matches, or null for a Firebreak addition. */
    public String hystrixName() {
        return hystrixName;
    }

    /** One line on what the property does. */
    public String meaning() {
        return meaning;
    }

    /** The value in {@code config}. */
    public Object get(C config) {
        return getter.apply(config);
    }

    /**
     * Sets {@code value} (of this property's type) on {@code builder} and, if it is a
     * {@link ConfigBuilder}, records this property as set in code: the one place a builder's typed
     * setters (which all come here) mark what the code set.
     */
    public void set(B builder, Object value) {
        setter.accept(builder, value);
        if (builder instanceof ConfigBuilder<?> tracked) {
            tracked.marked(name);
        }
    }

    /** Parses {@code text} for this property; throws an {@link InvalidConfigException} naming {@code key}. */
    public Object parse(String key, String text) {
        return type.parse(key, text);
    }

    /** The value as a property file would spell it. */
    public String format(Object value) {
        return type.format(value);
    }

    /** The default value: the record's own default. */
    public Object defaultValue(ConfigScope<C, B> scope) {
        return get(scope.defaults());
    }

    /** This row as a tool reads it, its default the one {@code defaults} holds. */
    public PropertyDescription describe(C defaults) {
        return new PropertyDescription(name, type, format(get(defaults)), meaning, type.allowedValues(), live,
                hystrixName);
    }

    @Override
    public String toString() {
        return name;
    }

    /** Whether a property changes live and whether Hystrix has it. */
    public enum Flags {
        /** A Hystrix property a running object takes at once. */
        LIVE(true, true),
        /** A Hystrix property fixed at creation. */
        FIXED(false, true),
        /** A Firebreak addition a running object takes at once. */
        FIREBREAK_LIVE(true, false),
        /** A Firebreak addition fixed at creation. */
        FIREBREAK_FIXED(false, false);

        private final boolean live;
        private final boolean hystrix;

        Flags(boolean live, boolean hystrix) {
            this.live = live;
            this.hystrix = hystrix;
        }
    }
}
