package com.netflix.hystrix;

import com.netflix.hystrix.exception.HystrixRuntimeException;
import com.netflix.hystrix.exception.HystrixRuntimeException.FailureType;
import com.netflix.hystrix.strategy.concurrency.HystrixRequestContext;
import dev.firebreak.CallFailedException;
import dev.firebreak.Guard;
import dev.firebreak.Isolation;
import dev.firebreak.collapse.Answers;
import dev.firebreak.collapse.Collapser;
import dev.firebreak.collapse.CollapseException;
import dev.firebreak.collapse.Scope;
import dev.firebreak.hystrix.HystrixBridge;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

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
 * timer, so a slow batch cannot delay other commands' timeouts.
 */
final class CollapsedBatches {

    /** Safety net on each request; the batch command's own timeout normally ends a batch long before. */
    private static final Duration REQUEST_DEADLINE = Duration.ofMinutes(1);

    private CollapsedBatches() {
    }

    /** What a collapser instance contributes to a batch: the argument, the instance that makes commands, the cache key. */
    static final class Pending {
        final Object argument;
        final BatchMaker maker;
        final String cacheKey;

        Pending(Object argument, BatchMaker maker, String cacheKey) {
            this.argument = argument;
            this.maker = maker;
            this.cacheKey = cacheKey;
        }
    }

    /** Makes and runs the command(s) of one batch, filling each request's outcome. */
    interface BatchMaker {
        CompletableFuture<List<BatchRequest<Object, Object>>> run(List<BatchRequest<Object, Object>> requests);
    }

    /**
     * The Firebreak collapser of {@code key}, made by the first instance with its scope and properties;
     * {@code many}: a request's value is the list of its responses (observable collapsers).
     */
    static Collapser<Pending, Object> collapser(HystrixCollapserKey key, HystrixCollapser.Scope scope,
            HystrixCollapserProperties.Setter properties, boolean many) {
        return HystrixBridge.collapser(key.name(), registry -> {
            String guardName = key.name() + ".batch";
            Guard passThrough = HystrixBridge.internalGuard(guardName, guards -> guards.guard(guardName)
                    .isolation(Isolation.virtualThreads(10_000))
                    .configure(c -> c.timeout(to -> to.enabled(false)).breaker(cb -> cb.enabled(false)).request(rq -> rq.logEnabled(false)))
                    .build());
            Collapser<Pending, Object> built = registry.<Pending, Object>collapser(key.name())
                    .through(passThrough)
                    .scope(scope == HystrixCollapser.Scope.GLOBAL ? Scope.GLOBAL : Scope.REQUEST)
                    .cacheKey(pending -> pending.cacheKey != null ? pending.cacheKey : pending)
                    .requestTimeout(REQUEST_DEADLINE)
                    .configure(c -> {
                        if (properties != null) {
                            properties.applyTo(c);
                        }
                    })
                    .batch(pending -> start(pending).get(), (List<BatchRequest<Object, Object>> requests, List<Pending> arguments, Answers<Object> answers) -> {
                        for (int i = 0; i < requests.size(); i++) {
                            requests.get(i).deliver(answers, i, many, key.name());
                        }
                    })
                    .build();
            // The figures of HystrixCollapserMetrics: every batch this collapser dispatches, with its size.
            built.metrics().addBatchSizeListener(size -> HystrixCollapserMetrics.batchSent(key, size));
            return built;
        });
    }

    /**
     * Starts one batch: requests with equal arguments share one {@link BatchRequest} (so the command
     * sees each argument once, as in Hystrix); the result lists each position's request.
     */
    private static CompletableFuture<List<BatchRequest<Object, Object>>> start(List<Pending> pending) {
        Map<Object, BatchRequest<Object, Object>> distinct = new LinkedHashMap<>();
        List<BatchRequest<Object, Object>> byPosition = new ArrayList<>(pending.size());
        for (Pending p : pending) {
            byPosition.add(distinct.computeIfAbsent(new ArgumentKey(p.argument), k -> new BatchRequest<>(p.argument)));
        }
        try {
            return pending.get(0).maker.run(new ArrayList<>(distinct.values())).thenApply(done -> byPosition);
        } catch (RuntimeException thrown) {
            return CompletableFuture.failedFuture(thrown);
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
