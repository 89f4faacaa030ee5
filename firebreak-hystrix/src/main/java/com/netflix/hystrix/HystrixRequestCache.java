package com.netflix.hystrix;

import com.netflix.hystrix.strategy.concurrency.HystrixConcurrencyStrategy;
import dev.firebreak.context.RequestContext;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The request cache of one command key, in the current request context: commands with the same
 * {@code getCacheKey()} in one context run once and share the outcome (Firebreak's
 * {@code guard.cached(key)} over the context's {@code RequestCache}). {@link #clear(String)}
 * invalidates a key so the next command with it runs again.
 */
public class HystrixRequestCache {

    private final HystrixCommandKey key;

    private HystrixRequestCache(HystrixCommandKey key) {
        this.key = key;
    }

    /** The cache of {@code key}'s commands; the strategy is accepted for compatibility and not needed. */
    public static HystrixRequestCache getInstance(HystrixCommandKey key, HystrixConcurrencyStrategy concurrencyStrategy) {
        return new HystrixRequestCache(key);
    }

    /** The cache of a collapser's requests; the strategy is accepted for compatibility and not needed. */
    public static HystrixRequestCache getInstance(HystrixCollapserKey key, HystrixConcurrencyStrategy concurrencyStrategy) {
        return new HystrixRequestCache(HystrixCommandKey.Factory.asKey(key.name()));
    }

    /**
     * Forgets the cached outcome under {@code cacheKey} in the current request context; nothing happens
     * outside a context.
     */
    public void clear(String cacheKey) {
        RequestContext context = RequestContext.currentOrNull();
        if (context == null || cacheKey == null) {
            return;
        }
        owners(context).remove(List.of(key.name(), cacheKey));
        context.cache().invalidate(key.name(), cacheKey);
    }

    /**
     * Records the first instance started under a key, so cache hits can report its events; returns the
     * instance recorded before, or null if {@code command} is the first.
     */
    static AbstractCommand<?> claim(RequestContext context, HystrixCommandKey key, String cacheKey, AbstractCommand<?> command) {
        return owners(context).putIfAbsent(List.of(key.name(), cacheKey), command);
    }

    /** The instance that started the key in {@code context}, or null. */
    static AbstractCommand<?> owner(RequestContext context, HystrixCommandKey key, String cacheKey) {
        return owners(context).get(List.of(key.name(), cacheKey));
    }

    private static ConcurrentHashMap<List<String>, AbstractCommand<?>> owners(RequestContext context) {
        return context.attachment(HystrixRequestCache.class, k -> new ConcurrentHashMap<>());
    }
}
