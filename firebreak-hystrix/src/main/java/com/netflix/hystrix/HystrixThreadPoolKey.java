package com.netflix.hystrix;

import java.util.concurrent.ConcurrentHashMap;

/** The key of a thread pool; make one with {@link Factory#asKey(String)}. */
public interface HystrixThreadPoolKey extends HystrixKey {

    /** Interns thread pool keys by name. */
    final class Factory {
        private static final ConcurrentHashMap<String, HystrixThreadPoolKey> KEYS = new ConcurrentHashMap<>();

        private Factory() {
        }

        /** The key named {@code name}; the same instance for the same name. */
        public static HystrixThreadPoolKey asKey(String name) {
            if (name == null) {
                throw new IllegalArgumentException("HystrixThreadPoolKey.Factory.asKey: the name must not be null");
            }
            return KEYS.computeIfAbsent(name, Default::new);
        }
    }

    /** The thread pool key. */
    final class Default extends HystrixKeyDefault implements HystrixThreadPoolKey {
        Default(String name) {
            super(name);
        }
    }
}
