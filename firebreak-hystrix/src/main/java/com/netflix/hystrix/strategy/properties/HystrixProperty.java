package com.netflix.hystrix.strategy.properties;

/** A property's current value; the bridge's properties read the running Firebreak configuration each time. */
public interface HystrixProperty<T> {

    /** The value in force now. */
    T get();

    /** Factories for fixed values. */
    final class Factory {
        private Factory() {
        }

        /** A property that always returns {@code value}. */
        public static <T> HystrixProperty<T> asProperty(T value) {
            return () -> value;
        }
    }
}
