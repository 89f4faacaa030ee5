package com.netflix.hystrix;

import java.util.concurrent.ConcurrentHashMap;

/** The key of a command group; make one with {@link Factory#asKey(String)}. */
public interface HystrixCommandGroupKey extends HystrixKey {

    /** Interns command group keys by name. */
    final class Factory {
        private static final ConcurrentHashMap<String, HystrixCommandGroupKey> KEYS = new ConcurrentHashMap<>();

        private Factory() {
        }

        /** The key named {@code name}; the same instance for the same name. */
        public static HystrixCommandGroupKey asKey(String name) {
            if (name == null) {
                throw new IllegalArgumentException("HystrixCommandGroupKey.Factory.asKey: the name must not be null");
            }
            return KEYS.computeIfAbsent(name, Default::new);
        }
    }

    /** The command group key. */
    final class Default extends HystrixKeyDefault implements HystrixCommandGroupKey {
        Default(String name) {
            super(name);
        }
    }
}
