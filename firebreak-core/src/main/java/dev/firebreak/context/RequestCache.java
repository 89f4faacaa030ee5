package dev.firebreak.context;

import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * One request's cache of calls by key: the first caller with a key starts the call, every later (or
 * concurrent) caller with the same key in the same {@link RequestContext} shares its result, value or
 * failure, including while it is still in flight. Keys are scoped by a namespace (a guard's or a
 * collapser's name), so two guards never share an entry.
 *
 * <p>Invariant: each (namespace, key) is started at most once per context. The entry is claimed with
 * one {@code putIfAbsent} of a placeholder before the call starts, so the user's call never runs
 * inside a map operation.
 */
public final class RequestCache {

    private final ConcurrentHashMap<Key, CompletableFuture<?>> entries = new ConcurrentHashMap<>();

    RequestCache() {
    }

    /**
     * Finds the call cached under ({@code namespace}, {@code key}) or starts it with {@code start}.
     * If {@code start} throws, the failure is cached and rethrown.
     */
    @SuppressWarnings("unchecked")
    public <T> CacheLookup<T> lookup(String namespace, Object key, Supplier<? extends CompletableFuture<T>> start) {
        Objects.requireNonNull(key, "cache key");
        CompletableFuture<T> placeholder = new CompletableFuture<>();
        CompletableFuture<?> existing = entries.putIfAbsent(new Key(namespace, key), placeholder);
        if (existing != null) {
            return new CacheLookup<>((CompletableFuture<T>) existing, true);
        }
        CompletableFuture<T> started;
        try {
            started = start.get();
        } catch (RuntimeException | Error thrown) {
            placeholder.completeExceptionally(thrown);
            throw thrown;
        }
        started.whenComplete((value, thrown) -> {
            if (thrown == null) {
                placeholder.complete(value);
            } else {
                placeholder.completeExceptionally(thrown);
            }
        });
        return new CacheLookup<>(started, false);
    }

    /**
     * Forgets the call cached under ({@code namespace}, {@code key}), so the next caller with that key
     * in this context starts a new call (Hystrix's {@code HystrixRequestCache.clear}). Callers already
     * sharing the old call keep its result.
     *
     * @return whether an entry was removed
     */
    public boolean invalidate(String namespace, Object key) {
        Objects.requireNonNull(key, "cache key");
        return entries.remove(new Key(namespace, key)) != null;
    }

    /** Number of entries (calls started through this cache). */
    public int size() {
        return entries.size();
    }

    private record Key(String namespace, Object key) {
    }
}
