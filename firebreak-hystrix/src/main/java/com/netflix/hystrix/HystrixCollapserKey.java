package com.netflix.hystrix;

import java.util.concurrent.ConcurrentHashMap;

/** The key of a collapser; make one with {@link Factory#asKey(String)}. */
public interface HystrixCollapserKey extends HystrixKey {

    /** Interns collapser keys by name. */
    final class Factory {
        private static final ConcurrentHashMap<String, HystrixCollapserKey> KEYS = new ConcurrentHashMap<>();

        private Factory() {
        }

        /** The key named {@code name}; the same instance for the same name. */
        public static HystrixCollapserKey asKey(String name) {
            if (name == null) {
                throw new IllegalArgumentException("HystrixCollapserKey.Factory.asKey: the name must not be null");
            }
            return KEYS.computeIfAbsent(name, Default::new);
        }
    }

    /** The collapser key. */
    final class Default extends HystrixKeyDefault implements HystrixCollapserKey {
        Default(String name) {
            super(name);
        }
    }
}
