package com.netflix.hystrix;

import java.util.concurrent.CompletableFuture;

/**
 * The caller's future of a command: completed from the guard's future after the command's record is
 * sealed; cancelling it cancels the guard's call too (CANCELLED), so nothing keeps running for a
 * caller that left.
 */
final class LinkedFuture<V> extends CompletableFuture<V> {

    private final CompletableFuture<?> source;

    LinkedFuture(CompletableFuture<?> source) {
        this.source = source;
    }

    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
        source.cancel(mayInterruptIfRunning);
        return super.cancel(mayInterruptIfRunning);
    }
}
