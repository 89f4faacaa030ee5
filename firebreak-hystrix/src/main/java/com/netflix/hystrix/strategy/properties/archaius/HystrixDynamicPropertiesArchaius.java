package com.netflix.hystrix.strategy.properties.archaius;

import com.netflix.config.DynamicPropertyFactory;
import com.netflix.config.DynamicStringProperty;
import com.netflix.hystrix.strategy.properties.HystrixDynamicProperties;
import com.netflix.hystrix.strategy.properties.HystrixDynamicProperty;
import java.util.function.Function;

/**
 * Dynamic properties read from Archaius ({@code DynamicPropertyFactory}), with callbacks run on every
 * change Archaius reports. The default {@link HystrixDynamicProperties} of the bridge. A value that does
 * not parse as the property's type reads as the fallback.
 */
public class HystrixDynamicPropertiesArchaius implements HystrixDynamicProperties {

    @Override
    public HystrixDynamicProperty<String> getString(String name, String fallback) {
        return property(name, fallback, Function.identity());
    }

    @Override
    public HystrixDynamicProperty<Integer> getInteger(String name, Integer fallback) {
        return property(name, fallback, Integer::valueOf);
    }

    @Override
    public HystrixDynamicProperty<Long> getLong(String name, Long fallback) {
        return property(name, fallback, Long::valueOf);
    }

    @Override
    public HystrixDynamicProperty<Boolean> getBoolean(String name, Boolean fallback) {
        return property(name, fallback, Boolean::valueOf);
    }

    // Every type is read through Archaius's string property, so an unset property reads as the fallback even when that is null.
    private static <T> HystrixDynamicProperty<T> property(String name, T fallback, Function<String, T> parse) {
        DynamicStringProperty raw = DynamicPropertyFactory.getInstance().getStringProperty(name, null);
        return new HystrixDynamicProperty<>() {
            @Override
            public String getName() {
                return name;
            }

            @Override
            public T get() {
                String value = raw.get();
                if (value == null) {
                    return fallback;
                }
                try {
                    return parse.apply(value.trim());
                } catch (NumberFormatException notANumber) {
                    return fallback;
                }
            }

            @Override
            public void addCallback(Runnable callback) {
                raw.addCallback(callback);
            }
        };
    }
}
