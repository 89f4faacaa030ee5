package dev.firebreak;

import dev.firebreak.context.CacheLookup;
import dev.firebreak.context.CallTracer.CallMode;
import dev.firebreak.context.Criticality;
import dev.firebreak.context.RequestContext;
import dev.firebreak.event.EventType;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;

/**
 * A guard's calls under one request-cache key ({@link Guard#cached(Object)}): step 1 of the guard's
 * flow. Inside a {@link RequestContext} and with {@code requestCache.enabled}, the first call with the
 * key runs through the guard as usual; every other call with the key in the same context gets the same
 * outcome (value or exception) without running, reported as RESPONSE_FROM_CACHE when it is delivered.
 * Concurrent callers share the call in flight.
 *
 * <p>The first caller holds the call itself: cancelling its future cancels the call, and the callers
 * sharing it then receive the CancellationException. A sharer's future is its own copy: cancelling it
 * affects no one else. The cache key is compared with {@code equals}.
 */
public final class CachedGuard {

    private final Guard guard;
    private final Object key;

    CachedGuard(Guard guard, Object key) {
        this.guard = guard;
        this.key = key;
    }

    /** {@link Guard#execute(GuardedCall)} under this key. */
    public <T> T execute(GuardedCall<T> call) {
        return execute(call, null);
    }

    /** {@link Guard#execute(GuardedCall, Fallback)} under this key. */
    public <T> T execute(GuardedCall<T> call, Fallback<T> fallback) {
        Objects.requireNonNull(call, "call");
        if (!active()) {
            return guard.execute(call, fallback);
        }
        return Pipeline.await(lookup(() -> guard.submit(call, fallback), CallMode.EXECUTE));
    }

    /** {@link Guard#submit(GuardedCall)} under this key. */
    public <T> CompletableFuture<T> submit(GuardedCall<T> call) {
        return submit(call, null);
    }

    /** {@link Guard#submit(GuardedCall, Fallback)} under this key. */
    public <T> CompletableFuture<T> submit(GuardedCall<T> call, Fallback<T> fallback) {
        Objects.requireNonNull(call, "call");
        return active() ? lookup(() -> guard.submit(call, fallback), CallMode.SUBMIT) : guard.submit(call, fallback);
    }

    /** {@link Guard#submitAsync(Supplier)} under this key. */
    public <T> CompletableFuture<T> submitAsync(Supplier<? extends CompletionStage<T>> call) {
        return submitAsync(call, null);
    }

    /** {@link Guard#submitAsync(Supplier, Fallback)} under this key. */
    public <T> CompletableFuture<T> submitAsync(Supplier<? extends CompletionStage<T>> call, Fallback<T> fallback) {
        Objects.requireNonNull(call, "call");
        return active() ? lookup(() -> guard.submitAsync(call, fallback), CallMode.SUBMIT_ASYNC)
                : guard.submitAsync(call, fallback);
    }

    /** The key. */
    public Object key() {
        return key;
    }

    private boolean active() {
        return guard.controls().config().request().cacheEnabled() && RequestContext.currentOrNull() != null;
    }

    private <T> CompletableFuture<T> lookup(Supplier<CompletableFuture<T>> start, CallMode mode) {
        RequestContext context = RequestContext.currentOrNull();
        CacheLookup<T> found = context.cache().lookup(guard.name(), key, start);
        if (!found.hit()) {
            return found.future();
        }
        long begin = guard.controls().ticker().read();
        CallTrace trace = guard.controls().traceFromCache(mode); // a hit is a call: it has its span
        CompletableFuture<T> copy = new CompletableFuture<>();
        Criticality level = Criticality.scopedOrNull(); // the caller's continuations see its level too
        found.future().whenComplete((value, thrown) -> {
            RequestContext before = RequestContext.swap(context);
            Criticality was = level == null ? null : Criticality.swap(level);
            try {
                long events = EventType.RESPONSE_FROM_CACHE.bit() | (thrown == null ? 0L : EventType.EXCEPTION_THROWN.bit());
                long total = guard.controls().ticker().read() - begin;
                guard.controls().reportFromCache(events, total);
                Throwable failure = thrown instanceof CompletionException c && c.getCause() != null ? c.getCause() : thrown;
                CallTrace.stop(trace, events, null, failure, 0L, total);
                if (thrown == null) {
                    copy.complete(value);
                } else {
                    copy.completeExceptionally(failure);
                }
            } finally {
                if (level != null) {
                    Criticality.swap(was);
                }
                RequestContext.swap(before);
            }
        });
        return copy;
    }
}
