package com.netflix.hystrix.strategy.properties;

/**
 * Where plugins read their own settings, such as {@code hystrix.plugin.<Plugin>.implementation}.
 * {@code HystrixPlugins.getDynamicProperties()} picks one when first used: the class named by the system
 * property {@code hystrix.plugin.HystrixDynamicProperties.implementation}, else the first
 * {@code META-INF/services} implementation, else Archaius (always present beside the bridge).
 *
 * <p>Commands' own {@code hystrix.command.*}, {@code hystrix.threadpool.*} and {@code hystrix.collapser.*}
 * properties are read by Firebreak's live configuration from Archaius, not through this interface.
 */
public interface HystrixDynamicProperties {

    /** The string property {@code name}, {@code fallback} while unset. */
    HystrixDynamicProperty<String> getString(String name, String fallback);

    /** The integer property {@code name}, {@code fallback} while unset. */
    HystrixDynamicProperty<Integer> getInteger(String name, Integer fallback);

    /** The long property {@code name}, {@code fallback} while unset. */
    HystrixDynamicProperty<Long> getLong(String name, Long fallback);

    /** The boolean property {@code name}, {@code fallback} while unset. */
    HystrixDynamicProperty<Boolean> getBoolean(String name, Boolean fallback);

    /** Reads a property by its Java type. */
    class Util {
        private Util() {
        }

        /**
         * The property {@code name} of {@code type} (String, Integer, Long or Boolean) from {@code properties}.
         *
         * @throws IllegalStateException for any other type, naming it
         */
        @SuppressWarnings("unchecked")
        public static <T> HystrixDynamicProperty<T> getProperty(HystrixDynamicProperties properties, String name, T fallback,
                Class<T> type) {
            if (type == String.class) {
                return (HystrixDynamicProperty<T>) properties.getString(name, (String) fallback);
            }
            if (type == Integer.class) {
                return (HystrixDynamicProperty<T>) properties.getInteger(name, (Integer) fallback);
            }
            if (type == Long.class) {
                return (HystrixDynamicProperty<T>) properties.getLong(name, (Long) fallback);
            }
            if (type == Boolean.class) {
                return (HystrixDynamicProperty<T>) properties.getBoolean(name, (Boolean) fallback);
            }
            throw new IllegalStateException("property " + name + ": type " + type.getName()
                    + " is not one of String, Integer, Long, Boolean");
        }
    }
}
