package com.netflix.hystrix;

import dev.firebreak.context.RequestContext;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The callers of each cached collapsed request in one request context. With the request cache on,
 * the first caller of a cache key owns the Firebreak request and later callers share its outcome; as in
 * hystrix-core, a caller that leaves (unsubscribes, cancels) takes the request out of its batch only
 * if no other caller of that key is still waiting, so the owner leaving does not fail the others.
 */
final class CacheShares {

    private final ConcurrentHashMap<List<String>, Share> shares = new ConcurrentHashMap<>();

    private CacheShares() {
    }

    /* The callers of one cache key waiting now, and the owner's request (the first caller's: the one in the batch). */
    private static final class Share {
        final AtomicInteger waiting = new AtomicInteger();
        final CompletableFuture<?> owner;

        Share(CompletableFuture<?> owner) {
            this.owner = owner;
        }
    }

    /**
     * What cancelling a caller's future cancels: {@code source} itself, unless the request is a cached
     * one ({@code cacheKey} not null, the cache on, a context current), whose callers are counted: then
     * only the last one to leave cancels, and it cancels the owner's request (a later caller's source
     * is only a copy of it).
     */
    static CompletableFuture<?> cancelHandle(HystrixCollapserKey key, String cacheKey, boolean cacheEnabled, CompletableFuture<?> source) {
        RequestContext context = RequestContext.currentOrNull();
        if (cacheKey == null || !cacheEnabled || context == null) {
            return source;
        }
        Share share = context.attachment(CacheShares.class, k -> new CacheShares()).shares
                .computeIfAbsent(List.of(key.name(), cacheKey), k -> new Share(source));
        share.waiting.incrementAndGet();
        return new CompletableFuture<Object>() {
            @Override
            public boolean cancel(boolean mayInterruptIfRunning) {
                if (share.waiting.decrementAndGet() == 0) {
                    share.owner.cancel(mayInterruptIfRunning);
                }
                if (source != share.owner) {
                    source.cancel(mayInterruptIfRunning); // a copy: cancelling it leaves the owner's request alone
                }
                return super.cancel(mayInterruptIfRunning);
            }
        };
    }
}
