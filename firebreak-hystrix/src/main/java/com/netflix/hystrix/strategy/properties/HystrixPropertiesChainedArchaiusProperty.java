package com.netflix.hystrix.strategy.properties;

import com.netflix.config.DynamicPropertyFactory;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

/**
 * Chains of Archaius properties read live: each link of a chain is one property name; a chain's value
 * is that of its first link whose property is set (and parses), else the value of its last link, which
 * may carry a default. For example {@code new StringProperty("hystrix.command.Get.x", new
 * DynamicStringProperty("hystrix.command.default.x", "v"))} reads the key's own value, else the default
 * key's, else {@code "v"}.
 */
public abstract class HystrixPropertiesChainedArchaiusProperty {

    private HystrixPropertiesChainedArchaiusProperty() {
    }

    /** One link of a chain: its own property, then the rest of the chain. */
    public abstract static class ChainLink<T> {

        private final ChainLink<T> next;
        private final List<Runnable> callbacks = new CopyOnWriteArrayList<>();

        /** The last link of a chain. */
        public ChainLink() {
            this(null);
        }

        /** A link followed by {@code nextProperty} (null: the last link). */
        public ChainLink(ChainLink<T> nextProperty) {
            this.next = nextProperty;
        }

        /** The name of this link's own property. */
        public abstract String getName();

        /** This link's own value (null when its property is not set). */
        protected abstract T getValue();

        /** Whether this link's own property is set, so that its value wins over the rest of the chain. */
        public abstract boolean isValueAcceptable();

        /** Runs the callbacks: subclasses call it when their own property changes. */
        protected void checkAndFlip() {
            for (Runnable r : callbacks) {
                r.run();
            }
        }

        /** The chain's value now: the first link whose property is set, else the last link's value. */
        public T get() {
            ChainLink<T> link = this;
            while (!link.isValueAcceptable() && link.next != null) {
                link = link.next;
            }
            return link.getValue();
        }

        /** Runs {@code r} each time this link's own property is set, changed or cleared. */
        public void addCallback(Runnable r) {
            callbacks.add(r);
        }

        @Override
        public String toString() {
            return getName() + " = " + get();
        }
    }

    /* A link over one Archaius property: its value, or null while the property is unset or unparsable. */
    abstract static class ArchaiusLink<T> extends ChainLink<T> {
        private final DynamicProperty<T> property;

        ArchaiusLink(DynamicProperty<T> property, ChainLink<T> next) {
            super(next);
            this.property = property;
            property.archaius.addCallback(this::checkAndFlip);
        }

        @Override
        public String getName() {
            return property.name;
        }

        @Override
        public boolean isValueAcceptable() {
            return property.parsed() != null;
        }

        @Override
        protected T getValue() {
            return property.get();
        }
    }

    /** A chain of string properties. */
    public static class StringProperty extends ArchaiusLink<String> {
        /** The last link: {@code sProperty}, with its default. */
        public StringProperty(DynamicStringProperty sProperty) {
            super(sProperty, null);
        }

        /** {@code name}, else {@code sProperty} (with its default). */
        public StringProperty(String name, DynamicStringProperty sProperty) {
            this(name, new StringProperty(sProperty));
        }

        /** {@code name}, else the chain {@code next}. */
        public StringProperty(String name, StringProperty next) {
            super(new DynamicStringProperty(name, null), next);
        }

        /** {@code sProperty}, else {@code next} (with its default). */
        public StringProperty(DynamicStringProperty sProperty, DynamicStringProperty next) {
            this(sProperty, new StringProperty(next));
        }

        /** {@code sProperty}, else the chain {@code next}. */
        public StringProperty(DynamicStringProperty sProperty, StringProperty next) {
            super(sProperty, next);
        }
    }

    /** A chain of integer properties. */
    public static class IntegerProperty extends ArchaiusLink<Integer> {
        /** The last link: {@code sProperty}, with its default. */
        public IntegerProperty(DynamicIntegerProperty sProperty) {
            super(sProperty, null);
        }

        /** {@code name}, else {@code sProperty} (with its default). */
        public IntegerProperty(String name, DynamicIntegerProperty sProperty) {
            this(name, new IntegerProperty(sProperty));
        }

        /** {@code name}, else the chain {@code next}. */
        public IntegerProperty(String name, IntegerProperty next) {
            super(new DynamicIntegerProperty(name, null), next);
        }

        /** {@code sProperty}, else {@code next} (with its default). */
        public IntegerProperty(DynamicIntegerProperty sProperty, DynamicIntegerProperty next) {
            this(sProperty, new IntegerProperty(next));
        }

        /** {@code sProperty}, else the chain {@code next}. */
        public IntegerProperty(DynamicIntegerProperty sProperty, IntegerProperty next) {
            super(sProperty, next);
        }
    }

    /** A chain of boolean properties. */
    public static class BooleanProperty extends ArchaiusLink<Boolean> {
        /** The last link: {@code sProperty}, with its default. */
        public BooleanProperty(DynamicBooleanProperty sProperty) {
            super(sProperty, null);
        }

        /** {@code name}, else {@code sProperty} (with its default). */
        public BooleanProperty(String name, DynamicBooleanProperty sProperty) {
            this(name, new BooleanProperty(sProperty));
        }

        /** {@code name}, else the chain {@code next}. */
        public BooleanProperty(String name, BooleanProperty next) {
            super(new DynamicBooleanProperty(name, null), next);
        }

        /** {@code sProperty}, else {@code next} (with its default). */
        public BooleanProperty(DynamicBooleanProperty sProperty, DynamicBooleanProperty next) {
            this(sProperty, new BooleanProperty(next));
        }

        /** {@code sProperty}, else the chain {@code next}. */
        public BooleanProperty(DynamicBooleanProperty sProperty, BooleanProperty next) {
            super(sProperty, next);
        }
    }

    /* One Archaius property read live and parsed; its default while unset or unparsable. */
    abstract static class DynamicProperty<T> implements HystrixProperty<T> {
        final String name;
        final com.netflix.config.DynamicStringProperty archaius;
        private final T defaultValue;
        private final Function<String, T> parse;

        DynamicProperty(String name, T defaultValue, Function<String, T> parse) {
            this.name = name;
            this.archaius = DynamicPropertyFactory.getInstance().getStringProperty(name, null);
            this.defaultValue = defaultValue;
            this.parse = parse;
        }

        /* The property's own value, or null while it is unset or does not parse. */
        T parsed() {
            String raw = archaius.get();
            return raw == null ? null : parse.apply(raw.trim());
        }

        @Override
        public T get() {
            T value = parsed();
            return value != null ? value : defaultValue;
        }

        public T getValue() {
            return get();
        }

        public String getName() {
            return name;
        }
    }

    /** An Archaius string property with a default. */
    public static class DynamicStringProperty extends DynamicProperty<String> {
        public DynamicStringProperty(String propName, String defaultValue) {
            super(propName, defaultValue, raw -> raw);
        }
    }

    /** An Archaius integer property with a default (used while unset or not an integer). */
    public static class DynamicIntegerProperty extends DynamicProperty<Integer> {
        public DynamicIntegerProperty(String propName, Integer defaultValue) {
            super(propName, defaultValue, raw -> {
                try {
                    return Integer.valueOf(raw);
                } catch (NumberFormatException notAnInteger) {
                    return null;
                }
            });
        }
    }

    /** An Archaius boolean property with a default (used while unset or neither true nor false). */
    public static class DynamicBooleanProperty extends DynamicProperty<Boolean> {
        public DynamicBooleanProperty(String propName, Boolean defaultValue) {
            super(propName, defaultValue, raw -> raw.equalsIgnoreCase("true") ? Boolean.TRUE
                    : raw.equalsIgnoreCase("false") ? Boolean.FALSE : null);
        }
    }

    /** An Archaius long property with a default (used while unset or not a long). */
    public static class DynamicLongProperty extends DynamicProperty<Long> {
        public DynamicLongProperty(String propName, Long defaultValue) {
            super(propName, defaultValue, raw -> {
                try {
                    return Long.valueOf(raw);
                } catch (NumberFormatException notALong) {
                    return null;
                }
            });
        }
    }
}
