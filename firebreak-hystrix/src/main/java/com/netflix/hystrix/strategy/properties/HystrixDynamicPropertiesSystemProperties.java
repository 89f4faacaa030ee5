package com.netflix.hystrix.strategy.properties;

import java.util.function.Function;

/**
 * Dynamic properties read from {@link System#getProperty(String)} on every {@code get()}; callbacks are
 * accepted and never run (system properties announce no change).
 */
public final class HystrixDynamicPropertiesSystemProperties implements HystrixDynamicProperties {

    private static final HystrixDynamicPropertiesSystemProperties INSTANCE = new HystrixDynamicPropertiesSystemProperties();

    /** A reader of system properties; {@link #getInstance()} shares one. */
    public HystrixDynamicPropertiesSystemProperties() {
    }

    /** The shared instance. */
    public static HystrixDynamicProperties getInstance() {
        return INSTANCE;
    }

    @Override
    public HystrixDynamicProperty<Integer> getInteger(String name, Integer fallback) {
        return property(name, fallback, Integer::valueOf);
    }

    @Override
    public HystrixDynamicProperty<String> getString(String name, String fallback) {
        return property(name, fallback, Function.identity());
    }

    @Override
    public HystrixDynamicProperty<Long> getLong(String name, Long fallback) {
        return property(name, fallback, Long::valueOf);
    }

    @Override
    public HystrixDynamicProperty<Boolean> getBoolean(String name, Boolean fallback) {
        return property(name, fallback, Boolean::valueOf);
    }

    private static <T> HystrixDynamicProperty<T> property(String name, T fallback, Function<String, T> parse) {
        return new HystrixDynamicProperty<>() {
            @Override
            public String getName() {
                return name;
            }

            @Override
            public T get() {
                String raw = System.getProperty(name);
                if (raw == null) {
                    return fallback;
                }
                try {
                    return parse.apply(raw.trim());
                } catch (NumberFormatException notANumber) {
                    return fallback; // as Archaius does with an unparsable value: the fallback stays in force
                }
            }

            @Override
            public void addCallback(Runnable callback) {
                // system properties never announce a change
            }
        };
    }
}
