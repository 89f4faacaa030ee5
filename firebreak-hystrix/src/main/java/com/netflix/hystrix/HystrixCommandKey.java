package com.netflix.hystrix;

import java.util.concurrent.ConcurrentHashMap;

/** The key of a command; make one with {@link Factory#asKey(String)}. */
public interface HystrixCommandKey extends HystrixKey {

    /** Interns command keys by name. */
    final class Factory {
        private static final ConcurrentHashMap<String, HystrixCommandKey> KEYS = new ConcurrentHashMap<>();

        private Factory() {
        }

        /** The key named {@code name}; the same instance for the same name. */
        public static HystrixCommandKey asKey(String name) {
            if (name == null) {
                throw new IllegalArgumentException("HystrixCommandKey.Factory.asKey: the name must not be null");
            }
            return KEYS.computeIfAbsent(name, Default::new);
        }
    }

    /** The command key. */
    final class Default extends HystrixKeyDefault implements HystrixCommandKey {
        Default(String name) {
            super(name);
        }
    }
}
