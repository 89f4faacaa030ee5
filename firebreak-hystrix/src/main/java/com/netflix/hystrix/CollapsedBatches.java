package com.netflix.hystrix;

import com.netflix.hystrix.collapser.CollapserTimer;
import com.netflix.hystrix.exception.HystrixRuntimeException;
import com.netflix.hystrix.exception.HystrixRuntimeException.FailureType;
import com.netflix.hystrix.strategy.concurrency.HystrixRequestContext;
import dev.firebreak.CallFailedException;
import dev.firebreak.Guard;
import dev.firebreak.Isolation;
import dev.firebreak.collapse.Collapser;
import dev.firebreak.collapse.CollapserBuilder;
import dev.firebreak.collapse.CollapseException;
import dev.firebreak.collapse.ResponseMapping;
import dev.firebreak.collapse.Scope;
import dev.firebreak.context.RequestContext;
import dev.firebreak.hystrix.HystrixBridge;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;

/**
 * Runs Hystrix collapsers on Firebreak collapsers: one Firebreak {@link Collapser} per collapser key,
 * whose batch function asks the first request's collapser instance for its command(s) and whose
 * response mapping hands each request the outcome the user's mapping gave it.
 *
 * <p>The Firebreak collapser needs a guard for its batch call; the bridge gives it a pass-through one
 * named {@code <collapserKey>.batch} (virtual threads, no timeout, no breaker), because the real
 * protection is the batch command's own guard, which reports under its command key. The batch runs on
 * that guard's virtual thread, never on the scheduler's thread that closed the window: the user's
 * {@code createCommand}, a SEMAPHORE batch command's {@code run()} and the mapping all stay off the
 * timer, so a slow batch cannot delay other commands' timeouts. The exception is a key whose first
 * instance injected a {@code CollapserTimer} (hystrix-core's test seam): its windows close on that
 * timer's thread, not Firebreak's scheduler, and that thread makes and starts the batch's command (a
 * SEMAPHORE pass-through guard, an asynchronous batch call), as hystrix-core's timer thread did.
 */
final class CollapsedBatches {

    /** Safety net on each request; the batch command's own timeout normally ends a batch long before. */
    private static final Duration REQUEST_DEADLINE = Duration.ofMinutes(1);

    private CollapsedBatches() {
    }

    /**
     * What a collapser instance contributes to a batch: the argument, the instance that makes commands
     * (wrapped by a registered concurrency strategy), the cache key, and the request context it was made
     * in (if any).
     */
    static final class Pending {
        final Object argument;
        final BatchMaker maker;
        final String cacheKey;
        final RequestContext origin = RequestContext.currentOrNull();

        Pending(Object argument, BatchMaker maker, String cacheKey) {
            this.argument = argument;
            this.maker = StrategyCarriedBatch.carried(maker); // on the requesting thread
            this.cacheKey = cacheKey;
        }
    }

    /** Makes and runs the command(s) of one batch, filling each request's outcome. */
    interface BatchMaker {
        CompletableFuture<List<BatchRequest<Object, Object>>> run(List<BatchRequest<Object, Object>> requests);
    }

    /**
     * The Firebreak collapser of {@code key}, made by the first instance with its scope and properties;
     * {@code many}: a request's value is the list of its responses (observable collapsers);
     * {@code timer}: the CollapserTimer that closes the windows, or null for the registry's scheduler.
     */
    static Collapser<Pending, Object> collapser(HystrixCollapserKey key, HystrixCollapser.Scope scope,
            HystrixCollapserProperties.Setter properties, boolean many, CollapserTimer timer) {
        return HystrixBridge.collapser(key.name(), registry -> {
            String guardName = key.name() + ".batch";
            // With an injected timer, the thread that closes a window makes and starts the batch's command,
            // as in hystrix-core (so batches start in the order they leave); else a virtual thread does.
            Guard passThrough = HystrixBridge.internalGuard(guardName, guards -> guards.guard(guardName)
                    .isolation(timer != null ? Isolation.semaphore(10_000) : Isolation.virtualThreads(10_000))
                    .configure(c -> c.timeout(to -> to.enabled(false)).breaker(cb -> cb.enabled(false)).request(rq -> rq.logEnabled(false)))
                    .build());
            CollapserBuilder<Pending, Object> builder = registry.<Pending, Object>collapser(key.name());
            AtomicReference<Collapser<Pending, Object>> self = new AtomicReference<>();
            BooleanSupplier cacheOn = () -> self.get().config().requestCacheEnabled();
            ResponseMapping<Pending, List<BatchRequest<Object, Object>>, Object> deliver = (requests, arguments, answers) -> {
                for (int i = 0; i < requests.size(); i++) {
                    requests.get(i).deliver(answers, i, many, key.name());
                }
            };
            if (timer != null) {
                builder.windowScheduler(new TimerWindows(timer)).batchAsync(pending -> start(pending, cacheOn.getAsBoolean()), deliver);
            } else {
                builder.batch(pending -> start(pending, cacheOn.getAsBoolean()).get(), deliver);
            }
            Collapser<Pending, Object> built = builder
                    .through(passThrough)
                    .scope(scope == HystrixCollapser.Scope.GLOBAL ? Scope.GLOBAL : Scope.REQUEST)
                    .cacheKey(pending -> pending.cacheKey != null ? pending.cacheKey : pending)
                    .requestTimeout(REQUEST_DEADLINE)
                    .configure(c -> {
                        if (properties != null) {
                            properties.applyTo(c);
                        }
                    })
                    .build();
            self.set(built);
            // The figures of HystrixCollapserMetrics: each batch this collapser dispatches, and each cache hit.
            built.metrics().addBatchSizeListener(size -> HystrixCollapserMetrics.batchSent(key, size));
            built.metrics().addCacheHitListener(count -> HystrixCollapserMetrics.responsesFromCache(key, count));
            return built;
        });
    }

    /**
     * Starts one batch: requests with equal arguments share one {@link BatchRequest} (so the command
     * sees each argument once, as in Hystrix); with the request cache off ({@code cacheOn} false), a
     * repeated argument fails instead, as in 1.5.18, which refused duplicates in a batch. The result
     * lists each position's request.
     */
    private static CompletableFuture<List<BatchRequest<Object, Object>>> start(List<Pending> pending, boolean cacheOn) {
        Map<Object, BatchRequest<Object, Object>> distinct = new LinkedHashMap<>();
        List<BatchRequest<Object, Object>> byPosition = new ArrayList<>(pending.size());
        for (Pending p : pending) {
            ArgumentKey argument = new ArgumentKey(p.argument);
            if (!cacheOn && distinct.containsKey(argument)) {
                BatchRequest<Object, Object> refused = new BatchRequest<>(p.argument);
                refused.setException(new IllegalArgumentException("Duplicate argument in a batch of collapser with request caching off: "
                        + p.argument + "; turn requestCache.enabled on to share one request per argument, or keep duplicates out"));
                byPosition.add(refused);
                continue;
            }
            byPosition.add(distinct.computeIfAbsent(argument, k -> new BatchRequest<>(p.argument)));
        }
        // A GLOBAL batch belongs to no request: as in hystrix-core, its command runs in a request's
        // context (here its first request's, while open), so that it shows in that request's log.
        RequestContext origin = pending.get(0).origin;
        boolean borrowed = RequestContext.currentOrNull() == null && origin != null && !origin.isClosed();
        RequestContext before = borrowed ? RequestContext.swap(origin) : null;
        try {
            return pending.get(0).maker.run(new ArrayList<>(distinct.values())).thenApply(done -> byPosition);
        } catch (RuntimeException thrown) {
            return CompletableFuture.failedFuture(thrown);
        } finally {
            if (borrowed) {
                RequestContext.swap(before);
            }
        }
    }

    /** An argument compared by {@code equals}, null included. */
    private record ArgumentKey(Object argument) {
    }

    /**
     * Refuses a REQUEST-scoped request made outside a request context, naming the collapser and the fix.
     *
     * @throws IllegalStateException when no context is current
     */
    static void requireContext(HystrixCollapserKey key, HystrixCollapser.Scope scope) {
        if (scope == HystrixCollapser.Scope.REQUEST && !HystrixRequestContext.isCurrentThreadInitialized()) {
            throw new IllegalStateException("collapser " + key.name() + " has REQUEST scope: call "
                    + "HystrixRequestContext.initializeContext() before using it on this thread (or use Scope.GLOBAL)");
        }
    }

    /** What a collapser's caller receives for a failed request. */
    @SuppressWarnings("rawtypes")
    static Throwable forCaller(Throwable thrown, HystrixCollapserKey key, Class<? extends HystrixInvokable> type) {
        Throwable failure = CommandFailures.unwrap(thrown);
        if (failure instanceof CallFailedException failed && failed.getCause() != null) {
            failure = CommandFailures.unwrap(failed.getCause()); // the batch command's own exception
        }
        if (failure instanceof CollapseException collapse) {
            return new HystrixRuntimeException(FailureType.COMMAND_EXCEPTION, type,
                    key.name() + " collapsed request failed: " + collapse.getMessage(), collapse, null);
        }
        return failure;
    }
}
