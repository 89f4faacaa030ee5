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
     * The entry put under {@code cacheKey} with {@link #putIfAbsent} in the current request context, or
     * null. Commands' own outcomes live in Firebreak's request cache and are not entries here (hystrix-core
     * 1.5.18 kept both in one map); this and {@code putIfAbsent} are package-private there too.
     *
     * @throws IllegalStateException outside a request context
     */
    @SuppressWarnings("unchecked")
    <T> HystrixCachedObservable<T> get(String cacheKey) {
        Object entry = owners(requireContext()).get(List.of(key.name(), cacheKey));
        return entry instanceof HystrixCachedObservable<?> cached ? (HystrixCachedObservable<T>) cached : null;
    }

    /**
     * Puts {@code entry} under {@code cacheKey} in the current request context unless the key is taken
     * (by an entry or a command that started with it); returns what held the key before as an entry
     * ({@code null} if {@code entry} went in, or if a command holds the key).
     *
     * @throws IllegalStateException outside a request context
     */
    @SuppressWarnings("unchecked")
    <T> HystrixCachedObservable<T> putIfAbsent(String cacheKey, HystrixCachedObservable<T> entry) {
        Object before = owners(requireContext()).putIfAbsent(List.of(key.name(), cacheKey), entry);
        if (before == null) {
            return null;
        }
        entry.unsubscribe(); // as 1.5.18: the entry that lost stops listening to its source
        return before instanceof HystrixCachedObservable<?> cached ? (HystrixCachedObservable<T>) cached : null;
    }

    private static RequestContext requireContext() {
        RequestContext context = RequestContext.currentOrNull();
        if (context == null) {
            throw new IllegalStateException(CommandStart.NO_CONTEXT_FOR_CACHE);
        }
        return context;
    }

    /**
     * Records the first instance started under a key, so cache hits can report its events; returns the
     * instance recorded before, or null if {@code command} is the first.
     */
    static AbstractCommand<?> claim(RequestContext context, HystrixCommandKey key, String cacheKey, AbstractCommand<?> command) {
        // An entry put with putIfAbsent keeps the key; the command then runs as the first with it.
        Object before = owners(context).putIfAbsent(List.of(key.name(), cacheKey), command);
        return before instanceof AbstractCommand<?> owner ? owner : null;
    }

    /** The instance that started the key in {@code context}, or null. */
    static AbstractCommand<?> owner(RequestContext context, HystrixCommandKey key, String cacheKey) {
        return owners(context).get(List.of(key.name(), cacheKey)) instanceof AbstractCommand<?> owner ? owner : null;
    }

    // One map per context: the command that started a key, or an entry put with putIfAbsent.
    private static ConcurrentHashMap<List<String>, Object> owners(RequestContext context) {
        return context.attachment(HystrixRequestCache.class, k -> new ConcurrentHashMap<>());
    }
}
