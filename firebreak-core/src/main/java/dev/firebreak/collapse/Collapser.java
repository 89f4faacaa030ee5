package dev.firebreak.collapse;

import dev.firebreak.Guard;
import dev.firebreak.GuardConfig;
import dev.firebreak.GuardRegistry;
import dev.firebreak.context.CacheLookup;
import dev.firebreak.context.ContextCarrier;
import dev.firebreak.context.Criticality;
import dev.firebreak.context.RequestContext;
import dev.firebreak.event.EventType;
import dev.firebreak.registry.RegistryClosedException;
import dev.firebreak.time.Scheduler;
import dev.firebreak.time.Ticker;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Turns many concurrent single requests into one batch call through a {@link Guard}: Hystrix's
 * collapser, on virtual threads and CompletableFuture, reusable and thread-safe.
 *
 * <pre>{@code
 * Collapser<Integer, Integers> generateIntegers = Collapser.<Integer, Integers>named("generateIntegers")
 *     .through(randomOrg)                                              // isolation, timeout, breaker
 *     .batch(counts -> client.generateIntegers(sum(counts)),           // one call for the batch
 *            ResponseMapping.byPosition((all, counts) -> all.split(counts)))
 *     .build();
 * Integers three = generateIntegers.execute(3);
 * }</pre>
 *
 * <p>A request's way: (1) the request cache, inside a {@link RequestContext} when a cache key is given
 * and {@code requestCache.enabled}; (2) its batch queue: the process's (GLOBAL) or its request
 * context's (REQUEST); (3) the dispatch strategy decides when the batch leaves (see
 * {@link DispatchStrategy} and {@code docs/collapsing.md}); (4) the batch is split into shards by the
 * shard function, each one batch call through the guard; (5) the response is mapped back to the
 * requests.
 *
 * <p>Nothing is lost: every request completes exactly once, with its answer; the batch call's failure
 * (the guard's exception: failure, timeout, rejection, short-circuit) or its own fallback's value;
 * a {@link CollapseException} (missing answer, a response that does not fit the batch, its own
 * deadline passed); or a CancellationException if its caller cancelled it, in which case it leaves its
 * batch if the batch has not left yet.
 *
 * @param <A> a request's argument
 * @param <R> a request's value
 */
public final class Collapser<A, R> {

    private final String name;
    private final CollapserRegistry registry;
    private final Guard guard;
    private final BatchCall<A, ?, R> batchCall;
    private final Scope scope;
    private final Function<? super A, ?> shardKey;
    private final Function<? super A, ?> cacheKey;
    private final RequestFallback<A, R> fallback;
    private final Duration requestTimeout;
    private final Ticker ticker;
    private final Scheduler scheduler;
    private final Scheduler windowScheduler;
    private final CollapserMetrics metrics;
    private final BatchQueue<A, R> globalQueue;
    private volatile CollapserConfig config;

    Collapser(CollapserBuilder<A, R> b) {
        this.name = b.name;
        this.registry = b.registry;
        this.guard = b.guard;
        this.batchCall = b.batchCall;
        this.scope = b.scope;
        this.shardKey = b.shardKey;
        this.cacheKey = b.cacheKey;
        this.fallback = b.fallback;
        this.requestTimeout = b.requestTimeout;
        this.ticker = registry.guards().ticker();
        this.scheduler = registry.guards().scheduler();
        this.windowScheduler = b.windowScheduler != null ? b.windowScheduler : scheduler;
        this.config = b.config;
        this.metrics = new CollapserMetrics(name, config, ticker);
        this.globalQueue = scope == Scope.GLOBAL ? new BatchQueue<>(this, null) : null;
    }

    /**
     * Starts building a collapser named {@code name} in the global registry; give the types with a
     * witness: {@code Collapser.<Integer, Integers>named("generateIntegers")}.
     */
    public static <A, R> CollapserBuilder<A, R> named(String name) {
        return CollapserRegistry.of(GuardRegistry.global()).collapser(name);
    }

    // ---------------------------------------------------------------- requests

    /**
     * Submits one request and returns at once; the future completes exactly once (see the class
     * Javadoc). Cancelling it before its batch leaves takes it out of the batch.
     *
     * @throws NullPointerException if {@code argument} is null (a batch function cannot answer it)
     * @throws dev.firebreak.registry.RegistryClosedException if the collapser's registry is closed
     */
    public CompletableFuture<R> submit(A argument) {
        if (argument == null) {
            throw new NullPointerException("collapser '" + name + "': the request argument is null;"
                    + " every collapsed request needs an argument its batch function can answer");
        }
        if (registry.guards().isClosed()) {
            throw new RegistryClosedException("collapser '" + name + "'");
        }
        RequestContext context = RequestContext.currentOrNull();
        if (cacheKey != null && context != null && config.requestCacheEnabled()) {
            Object key;
            try {
                key = cacheKey.apply(argument);
            } catch (RuntimeException thrown) {
                return CompletableFuture.failedFuture(thrown);
            }
            CacheLookup<R> found = context.cache().lookup(name, key, () -> enqueue(argument, context));
            return found.hit() ? fromCache(found.future(), context) : found.future();
        }
        return enqueue(argument, context);
    }

    /**
     * Submits one request and waits for its value; failures are thrown as they are (the guard's
     * exception, a {@link CollapseException}, a CancellationException). If this thread is interrupted
     * while waiting, the request is cancelled if it has no outcome yet (CancellationException); if it
     * already has one (its fallback may be running), that recorded outcome is returned or thrown, waited
     * for without listening to interrupts. Either way the interrupt flag is set again on return.
     */
    public R execute(A argument) {
        CompletableFuture<R> future = submit(argument);
        try {
            return future.get();
        } catch (ExecutionException failed) {
            throw unchecked(failed.getCause());
        } catch (InterruptedException interrupted) {
            if (future.cancel(true)) {
                Thread.currentThread().interrupt();
                CancellationException cancelled = new CancellationException("caller interrupted while waiting");
                cancelled.initCause(interrupted);
                throw cancelled;
            }
            try {
                return future.join(); // the outcome is claimed: it comes soon, and it is the recorded one
            } catch (CompletionException failed) {
                throw unchecked(failed.getCause());
            } finally {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static RuntimeException unchecked(Throwable cause) {
        if (cause instanceof RuntimeException runtime) {
            return runtime;
        }
        if (cause instanceof Error error) {
            throw error;
        }
        return new CompletionException(cause);
    }

    private CompletableFuture<R> enqueue(A argument, RequestContext context) {
        BatchQueue<A, R> queue;
        if (scope == Scope.GLOBAL) {
            queue = globalQueue;
        } else if (context == null) {
            return CompletableFuture.failedFuture(new IllegalStateException("collapser " + name
                    + " has REQUEST scope: submit inside a RequestContext (try (var ctx = RequestContext.open()) {...})"));
        } else {
            queue = context.attachment(this, key -> new BatchQueue<>(this, context));
        }
        Object shard;
        try {
            shard = shardKey == null ? null : shardKey.apply(argument);
        } catch (RuntimeException thrown) {
            return CompletableFuture.failedFuture(thrown);
        }
        CollapsedRequest<A, R> request = new CollapsedRequest<>(this, argument, shard, context);
        queue.add(request, deadlineNanos());
        return request;
    }

    private CompletableFuture<R> fromCache(CompletableFuture<R> shared, RequestContext context) {
        long start = ticker.read();
        CompletableFuture<R> copy = new CompletableFuture<>();
        shared.whenComplete((value, thrown) -> {
            RequestContext before = RequestContext.swap(context);
            try {
                long events = EventType.RESPONSE_FROM_CACHE.bit() | (thrown == null ? 0L : EventType.EXCEPTION_THROWN.bit());
                metrics.requestCompleted(events);
                context.log().add(name, events, ticker.read() - start);
                if (thrown == null) {
                    copy.complete(value);
                } else {
                    copy.completeExceptionally(thrown instanceof CompletionException c && c.getCause() != null ? c.getCause() : thrown);
                }
            } finally {
                RequestContext.swap(before);
            }
        });
        return copy;
    }

    /**
     * A request's own deadline: the request timeout if set, else room for one wait for a window or a
     * slot and one batch: twice the guard's timeout plus the window and the linger. None if the guard's
     * timeout is disabled and no request timeout is set.
     */
    long deadlineNanos() {
        if (requestTimeout != null) {
            return requestTimeout.toNanos();
        }
        GuardConfig guardConfig = guard.controls().config();
        if (!guardConfig.timeout().enabled()) {
            return 0L;
        }
        CollapserConfig c = config;
        return 2L * guardConfig.timeout().timeoutNanos() + c.timerDelay().toNanos()
                + c.loadAwareLingerInMicroseconds() * 1_000L;
    }

    // ---------------------------------------------------------------- dispatch

    /**
     * Sends one batch taken from {@code queue} at ticker time {@code departedAt} ({@code taken} is this
     * dispatch's own mutable list from then on: the queue keeps no reference); ends with exactly one
     * {@code queue.batchEnded(departedAt, called)}, once every shard has ended: its requests have their
     * outcome and its call has given its permit back to the guard ({@link BatchCall#run}). A shard whose
     * call outlives the guard's timeout therefore keeps the batch's slot until the call really ends,
     * as the guard keeps the permit.
     */
    void dispatch(List<CollapsedRequest<A, R>> taken, BatchQueue<A, R> queue, long departedAt) {
        List<CollapsedRequest<A, R>> live = taken; // the queue handed the batch over: filtered in place, not copied
        int kept = 0;
        for (int i = 0; i < taken.size(); i++) {
            CollapsedRequest<A, R> request = taken.get(i);
            if (request.markDispatched()) {
                if (kept != i) {
                    taken.set(kept, request);
                }
                kept++;
            }
        }
        if (kept < taken.size()) {
            taken.subList(kept, taken.size()).clear();
        }
        if (live.isEmpty()) { // every request was cancelled or timed out while waiting: no call, no latency sample
            queue.batchEnded(departedAt, false);
            return;
        }
        List<List<CollapsedRequest<A, R>>> shards = shard(live);
        metrics.batchDispatched(live.size(), shards.size(), config.metricsRollingPercentileEnabled());
        AtomicInteger remaining = new AtomicInteger(shards.size());
        Runnable shardEnded = () -> {
            if (remaining.decrementAndGet() == 0) {
                metrics.batchEnded();
                queue.batchEnded(departedAt, true);
            }
        };
        RequestContext before = RequestContext.swap(queue.context()); // GLOBAL: the batch belongs to no request
        try {
            for (List<CollapsedRequest<A, R>> shard : shards) {
                CompletableFuture<Void> done;
                try (ContextCarrier.Scope restored = shard.get(0).carried().restore()) { // the batch's call carries its first request's context
                    Criticality lifted = CollapsedRequest.liftedLevel(shard, queue.context()); // and its highest level
                    Criticality was = lifted == null ? null : Criticality.swap(lifted);
                    try {
                        done = batchCall.run(shard);
                    } finally {
                        if (lifted != null) {
                            Criticality.swap(was);
                        }
                    }
                } catch (Throwable unexpected) {
                    for (CollapsedRequest<A, R> request : shard) {
                        request.fail(unexpected);
                    }
                    done = CompletableFuture.completedFuture(null);
                }
                done.whenComplete((ignored, thrown) -> shardEnded.run());
            }
        } finally {
            RequestContext.swap(before);
        }
    }

    private List<List<CollapsedRequest<A, R>>> shard(List<CollapsedRequest<A, R>> live) {
        if (shardKey == null) {
            return List.of(live);
        }
        Map<Object, List<CollapsedRequest<A, R>>> byShard = new LinkedHashMap<>();
        for (CollapsedRequest<A, R> request : live) {
            byShard.computeIfAbsent(request.shardKey(), k -> new ArrayList<>()).add(request);
        }
        return new ArrayList<>(byShard.values());
    }

    /**
     * LOAD_AWARE's k: {@code loadAware.maxBatchesInFlight}, or when 0 the default
     * ({@link CollapserConfig#DEFAULT_BATCHES_IN_FLIGHT}) capped by the guard's concurrency bound, so
     * that the collapser never makes its own guard reject: a slot is held as long as the guard holds
     * the batch call's permit (see {@link BatchQueue}), so k slots never need more than k permits.
     */
    int maxBatchesInFlight() {
        int configured = config.loadAwareMaxBatchesInFlight();
        return configured > 0 ? configured : Math.min(CollapserConfig.DEFAULT_BATCHES_IN_FLIGHT, GuardBound.of(guard));
    }

    // ---------------------------------------------------------------- operations

    /** The collapser's name (Hystrix's collapser key). */
    public String name() {
        return name;
    }

    /** The configuration in force. */
    public CollapserConfig config() {
        return config;
    }

    /**
     * Applies a new configuration to the running collapser: timerDelayInMilliseconds,
     * maxRequestsInBatch, dispatch.strategy, loadAware.maxBatchesInFlight, loadAware.lingerInMicroseconds
     * and requestCache.enabled take effect for the next decision (a waiting full batch may leave at
     * once). The rolling-window geometry is fixed at creation: if {@code next} changes it, the rest is
     * applied and false is returned.
     */
    public boolean reconfigure(CollapserConfig next) {
        Objects.requireNonNull(next, "config");
        // The table decides what is fixed. Invariant: config's fixed properties hold their creation values.
        CollapserConfig taken = CollapserConfig.scope().keepFixed(config, next);
        config = taken;
        if (globalQueue != null) {
            globalQueue.reconsider();
        }
        return taken == next;
    }

    /** The guard every batch call goes through. */
    public Guard guard() {
        return guard;
    }

    /** GLOBAL or REQUEST. */
    public Scope scope() {
        return scope;
    }

    /** The collapser's metrics. */
    public CollapserMetrics metrics() {
        return metrics;
    }

    /** An immutable snapshot of the metrics with the configuration in force. */
    public CollapserMetricsSnapshot snapshot() {
        return metrics.snapshot(config);
    }

    @Override
    public String toString() {
        return "Collapser[" + name + ", " + scope + ", " + config.dispatchStrategy() + ", guard=" + guard.name() + "]";
    }

    // ---------------------------------------------------------------- package plumbing

    Ticker ticker() {
        return ticker;
    }

    ContextCarrier contextCarrier() {
        return registry.guards().contextCarrier();
    }

    Scheduler scheduler() {
        return scheduler;
    }

    Scheduler windowScheduler() {
        return windowScheduler;
    }

    RequestFallback<A, R> fallback() {
        return fallback;
    }

    /** The GLOBAL queue (null under REQUEST scope), for tests. */
    BatchQueue<A, R> globalQueue() {
        return globalQueue;
    }
}
