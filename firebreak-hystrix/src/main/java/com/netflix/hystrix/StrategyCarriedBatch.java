package com.netflix.hystrix;

import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;

/*
 * A collapsed request's batch maker, wrapped on the requesting thread by the registered concurrency
 * strategy's wrapCallable, as 1.5.18 wrapped its collapser timer's work: a strategy that carries a
 * ThreadLocal (a security or tracing context) installs it around createCommand and the start of the
 * batch command, which then wraps its own run() with it. Without a registered strategy the maker is
 * returned as it is. A request's maker makes at most one batch, so the requests are handed to the
 * wrapped call through a field set just before it, on the same thread.
 */
final class StrategyCarriedBatch implements Callable<CompletableFuture<List<BatchRequest<Object, Object>>>> {

    private final CollapsedBatches.BatchMaker maker;
    private List<BatchRequest<Object, Object>> requests;

    private StrategyCarriedBatch(CollapsedBatches.BatchMaker maker) {
        this.maker = maker;
    }

    /** {@code maker}, wrapped by the strategy registered now (on this, the requesting, thread). */
    static CollapsedBatches.BatchMaker carried(CollapsedBatches.BatchMaker maker) {
        CommandPlugins plugins = CommandPlugins.current();
        if (plugins.strategy == null) {
            return maker;
        }
        StrategyCarriedBatch carried = new StrategyCarriedBatch(maker);
        Callable<CompletableFuture<List<BatchRequest<Object, Object>>>> wrapped = plugins.wrap(carried);
        return requests -> {
            carried.requests = requests;
            try {
                return wrapped.call();
            } catch (Exception thrown) {
                return CompletableFuture.failedFuture(thrown);
            }
        };
    }

    @Override
    public CompletableFuture<List<BatchRequest<Object, Object>>> call() {
        return maker.run(requests);
    }
}
