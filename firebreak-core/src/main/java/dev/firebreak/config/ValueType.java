package dev.firebreak.config;

import java.util.Arrays;
import java.util.Locale;
import java.util.Objects;

/**
 * How a property's text becomes a typed value, strictly: a value that does not fit its type is
 * refused with an {@link InvalidConfigException} naming the key, the text and the rule; nothing is
 * guessed (no truncation, no "anything else is false"). Surrounding whitespace is ignored.
 *
 * @param <T> the value's Java type
 */
public sealed interface ValueType<T> {

    /** A 32-bit decimal integer, e.g. {@code 1000}, {@code -1}, {@code +5}. */
    ValueType<Integer> INTEGER = new IntegerType();

    /**
     * A duration written as whole milliseconds, as Hystrix's {@code ...InMilliseconds} keys are, e.g.
     * {@code 1000}; read and written in milliseconds, held as a {@link java.time.Duration}.
     */
    ValueType<java.time.Duration> MILLIS = new DurationType(java.time.temporal.ChronoUnit.MILLIS);

    /** A duration written as whole minutes ({@code keepAliveTimeMinutes}), held as a {@link java.time.Duration}. */
    ValueType<java.time.Duration> MINUTES = new DurationType(java.time.temporal.ChronoUnit.MINUTES);

    /** A decimal number, e.g. {@code 0.2}, {@code 1}, {@code -0.5} (plain digits, no exponent, finite). */
    ValueType<Double> DECIMAL = new DecimalType();

    /**
     * Exception types by fully qualified class name, comma-separated (empty: none), e.g.
     * {@code java.io.IOException, com.acme.QuotaException}; each must load and be a {@link Throwable}.
     */
    ValueType<java.util.List<Class<? extends Throwable>>> THROWABLE_TYPES = new ThrowableTypes();

    /**
     * The name of a result predicate ({@code recordResultPredicate}): one name without whitespace or
     * commas, or empty for none. Live configuration also refuses a name its registry does not know.
     */
    ValueType<String> PREDICATE_NAME = new PredicateNameType();

    /**
     * Names, comma-separated (empty: none), each without whitespace, e.g. {@code db-down, empty-page};
     * held as a list in the order written, duplicates dropped. What a name must name is the property's
     * own rule.
     */
    ValueType<java.util.List<String>> NAMES = new NamesType();

    /** {@code true}/{@code false} (also {@code yes}/{@code no}, {@code on}/{@code off}), any case. */
    ValueType<Boolean> BOOLEAN = new BooleanType();

    /** One of the constants of {@code type}, by name, any case. */
    static <E extends Enum<E>> ValueType<E> enumOf(Class<E> type) {
        return new EnumType<>(type);
    }

    /**
     * Parses {@code text} given for {@code key}.
     *
     * @throws InvalidConfigException if the text is not a value of this type
     */
    T parse(String key, String text);

    /** The value as a property file would spell it. */
    String format(Object value);

    /** What a valid text looks like, for messages and documentation. */
    String describe();

    /** The only texts this type takes (an enum's constants), or empty when it takes any text of its kind. */
    default java.util.List<String> allowedValues() {
        return java.util.List.of();
    }

    /** The integer type. */
    record IntegerType() implements ValueType<Integer> {
        @Override
        public Integer parse(String key, String text) {
            String t = text == null ? "" : text.strip();
            if (t.isEmpty() || !t.matches("[+-]?[0-9]+")) {
                throw new InvalidConfigException(key, text, "must be an integer");
            }
            try {
                return Integer.parseInt(t);
            } catch (NumberFormatException overflow) {
                throw new InvalidConfigException(key, text,
                        "must be an integer between " + Integer.MIN_VALUE + " and " + Integer.MAX_VALUE);
            }
        }

        @Override
        public String format(Object value) {
            return String.valueOf((Integer) value);
        }

        @Override
        public String describe() {
            return "integer";
        }
    }

    /**
     * A whole number of {@code unit}s as a {@link java.time.Duration}: the integer rules, then
     * {@code Duration.of(n, unit)}; written back as whole units (rounded down).
     *
     * @param unit the unit the key is spelled in
     */
    record DurationType(java.time.temporal.ChronoUnit unit) implements ValueType<java.time.Duration> {
        @Override
        public java.time.Duration parse(String key, String text) {
            return java.time.Duration.of(INTEGER.parse(key, text), unit);
        }

        @Override
        public String format(Object value) {
            return String.valueOf(((java.time.Duration) value).dividedBy(unit.getDuration()));
        }

        @Override
        public String describe() {
            return "integer (" + unit.toString().toLowerCase(Locale.ROOT) + ")";
        }
    }

    /** The decimal type. */
    record DecimalType() implements ValueType<Double> {
        @Override
        public Double parse(String key, String text) {
            String t = text == null ? "" : text.strip();
            if (!t.matches("[+-]?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)")) {
                throw new InvalidConfigException(key, text, "must be a decimal number such as 0.2");
            }
            return Double.parseDouble(t);
        }

        @Override
        public String format(Object value) {
            return String.valueOf((Double) value);
        }

        @Override
        public String describe() {
            return "decimal";
        }
    }

    /** The boolean type. */
    record BooleanType() implements ValueType<Boolean> {
        @Override
        public Boolean parse(String key, String text) {
            String t = text == null ? "" : text.strip().toLowerCase(Locale.ROOT);
            return switch (t) {
                case "true", "yes", "on" -> Boolean.TRUE;
                case "false", "no", "off" -> Boolean.FALSE;
                default -> throw new InvalidConfigException(key, text, "must be true or false");
            };
        }

        @Override
        public String format(Object value) {
            return String.valueOf((Boolean) value);
        }

        @Override
        public String describe() {
            return "boolean";
        }
    }

    /**
     * An enum type.
     *
     * @param type the enum class
     * @param <E> the enum
     */
    record EnumType<E extends Enum<E>>(Class<E> type) implements ValueType<E> {
        /** Requires the enum class. */
        public EnumType {
            Objects.requireNonNull(type, "type");
        }

        @Override
        public E parse(String key, String text) {
            String t = text == null ? "" : text.strip();
            for (E constant : type.getEnumConstants()) {
                if (constant.name().equalsIgnoreCase(t)) {
                    return constant;
                }
            }
            throw new InvalidConfigException(key, text, "must be one of " + describe());
        }

        @Override
        public String format(Object value) {
            return type.cast(value).name();
        }

        @Override
        public String describe() {
            return String.join(", ", allowedValues());
        }

        @Override
        public java.util.List<String> allowedValues() {
            return Arrays.stream(type.getEnumConstants()).map(Enum::name).toList();
        }
    }

    /** The exception-types type: loads each name, by the thread's context class loader first. */
    record ThrowableTypes() implements ValueType<java.util.List<Class<? extends Throwable>>> {
        @Override
        public java.util.List<Class<? extends Throwable>> parse(String key, String text) {
            java.util.List<Class<? extends Throwable>> types = new java.util.ArrayList<>();
            for (String part : (text == null ? "" : text).split(",")) {
                String name = part.strip();
                if (!name.isEmpty()) {
                    types.add(load(key, text, name));
                }
            }
            return java.util.List.copyOf(types);
        }

        private static Class<? extends Throwable> load(String key, String text, String name) {
            Class<?> type;
            try {
                ClassLoader context = Thread.currentThread().getContextClassLoader();
                type = Class.forName(name, false, context != null ? context : ValueType.class.getClassLoader());
            } catch (ClassNotFoundException | LinkageError | IllegalArgumentException notLoaded) {
                throw new InvalidConfigException(key, text, "must name classes that load; " + name + " does not");
            }
            if (!Throwable.class.isAssignableFrom(type)) {
                throw new InvalidConfigException(key, text, "must name exception classes; " + name
                        + " is not a java.lang.Throwable");
            }
            return type.asSubclass(Throwable.class);
        }

        @Override
        public String format(Object value) {
            java.util.List<String> names = new java.util.ArrayList<>();
            for (Object type : (java.util.List<?>) value) {
                names.add(((Class<?>) type).getName());
            }
            return String.join(",", names);
        }

        @Override
        public String describe() {
            return "comma-separated exception class names";
        }
    }

    /** The predicate-name type. */
    record PredicateNameType() implements ValueType<String> {
        @Override
        public String parse(String key, String text) {
            String t = text == null ? "" : text.strip();
            if (!t.matches("[^\\s,]*")) {
                throw new InvalidConfigException(key, text, "must be one name, without spaces or commas");
            }
            return t;
        }

        @Override
        public String format(Object value) {
            return (String) value;
        }

        @Override
        public String describe() {
            return "predicate name";
        }
    }

    /** The names type: comma-separated names without whitespace. */
    record NamesType() implements ValueType<java.util.List<String>> {
        @Override
        public java.util.List<String> parse(String key, String text) {
            java.util.LinkedHashSet<String> names = new java.util.LinkedHashSet<>();
            for (String part : (text == null ? "" : text).split(",", -1)) {
                String name = part.strip();
                if (name.isEmpty()) {
                    continue;
                }
                if (!name.matches("\\S+")) {
                    throw new InvalidConfigException(key, text, "must be names separated by commas, without spaces in a name");
                }
                names.add(name);
            }
            return java.util.List.copyOf(names);
        }

        @Override
        public String format(Object value) {
            java.util.List<String> names = new java.util.ArrayList<>();
            for (Object name : (java.util.List<?>) value) {
                names.add((String) name);
            }
            return String.join(",", names);
        }

        @Override
        public String describe() {
            return "comma-separated names";
        }
    }
}
