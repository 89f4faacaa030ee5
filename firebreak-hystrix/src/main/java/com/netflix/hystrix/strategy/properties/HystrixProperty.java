package com.netflix.hystrix.strategy.properties;

/** A property's current value; the bridge's properties read the running Firebreak configuration each time. */
public interface HystrixProperty<T> {

    /** The value in force now. */
    T get();

    /** Factories for fixed and chained values. */
    class Factory {
        private Factory() {
        }

        /** A property that always returns {@code value}. */
        public static <T> HystrixProperty<T> asProperty(T value) {
            return () -> value;
        }

        /** {@code value}'s value, or {@code defaultValue} while it is null. */
        public static <T> HystrixProperty<T> asProperty(HystrixProperty<T> value, T defaultValue) {
            return () -> {
                T v = value.get();
                return v == null ? defaultValue : v;
            };
        }

        /** The value of the first of {@code values} that is not null (null if none is). */
        @SafeVarargs
        public static <T> HystrixProperty<T> asProperty(HystrixProperty<T>... values) {
            HystrixProperty<T>[] chain = values.clone();
            return () -> {
                for (HystrixProperty<T> p : chain) {
                    T v = p.get();
                    if (v != null) {
                        return v;
                    }
                }
                return null;
            };
        }

        /** A property whose value is always null. */
        public static <T> HystrixProperty<T> nullProperty() {
            return () -> null;
        }
    }
}
