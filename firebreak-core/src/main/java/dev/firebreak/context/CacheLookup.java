package dev.firebreak.context;

import java.util.concurrent.CompletableFuture;

/**
 * What {@link RequestCache#lookup} found: the shared future of the call with this key, and whether
 * this caller found it there (a hit) or started it.
 *
 * @param future the result every caller with this key shares; a hit must not cancel it
 * @param hit true if another caller of this context started the call
 * @param <T> the call's value
 */
public record CacheLookup<T>(CompletableFuture<T> future, boolean hit) {
}
