package com.netflix.hystrix;

import com.netflix.config.DynamicPropertyFactory;

/**
 * Hystrix's chain of one property read live from Archaius, for the properties objects a properties
 * strategy makes: {@code <prefix><key>.<name>}, else the Setter's value, else
 * {@code <prefix>default.<name>}, else the code default. A value that does not parse as the
 * property's type is skipped, as if unset.
 */
final class ArchaiusChain {

    private final String prefix;
    private final String key;

    /** {@code prefix} ends with a dot, for example {@code "hystrix.command."}. */
    ArchaiusChain(String prefix, String key) {
        this.prefix = prefix;
        this.key = key;
    }

    <T> T read(String name, T setterValue, T codeDefault) {
        T instance = parse(dynamic(prefix + key + "." + name), codeDefault);
        if (instance != null) {
            return instance;
        }
        if (setterValue != null) {
            return setterValue;
        }
        T global = parse(dynamic(prefix + "default." + name), codeDefault);
        return global != null ? global : codeDefault;
    }

    /** The key's own value of {@code name}, or null: no default applies. */
    String instanceOnly(String name) {
        return dynamic(prefix + key + "." + name);
    }

    private static String dynamic(String property) {
        return DynamicPropertyFactory.getInstance().getStringProperty(property, null).get();
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static <T> T parse(String raw, T like) {
        if (raw == null) {
            return null;
        }
        String text = raw.trim();
        try {
            if (like instanceof Integer) {
                return (T) Integer.valueOf(text);
            }
            if (like instanceof Boolean) {
                return text.equalsIgnoreCase("true") || text.equalsIgnoreCase("false") ? (T) Boolean.valueOf(text) : null;
            }
            if (like instanceof Enum<?> e) {
                return (T) Enum.valueOf((Class) e.getDeclaringClass(), text);
            }
        } catch (IllegalArgumentException unparsable) { // NumberFormatException too
            return null;
        }
        return (T) text;
    }
}
