package com.netflix.hystrix;

import com.netflix.hystrix.collapser.CollapserTimer;
import com.netflix.hystrix.strategy.metrics.HystrixMetricsPublisherFactory;
import dev.firebreak.collapse.Collapser;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import rx.Observable;
import rx.Subscription;
import rx.functions.Func1;
import rx.subjects.ReplaySubject;

/**
 * Collapses many requests into one batch {@link HystrixObservableCommand}, whose emissions are matched
 * back to the requests by key: {@link #getBatchReturnTypeKeySelector()} gives an emission's key,
 * {@link #getRequestArgumentKeySelector()} a request's, and
 * {@link #getBatchReturnTypeToResponseTypeMapper()} turns a matching emission into the response. A
 * request no emission matched goes to {@link #onMissingResponse}. Scope, dispatch and logging are as for
 * {@link HystrixCollapser}.
 *
 * @param <K> the key that matches emissions to requests
 * @param <B> one emission of the batch command
 * @param <R> one response to a request
 * @param <A> one request's argument
 */
public abstract class HystrixObservableCollapser<K, B, R, A> implements HystrixObservable<R> {

    /** Where requests are gathered: per request context (default) or across the process, as {@link HystrixCollapser.Scope}. */
    public enum Scope {
        REQUEST, GLOBAL
    }

    private final HystrixCollapserKey collapserKey;
    private final HystrixCollapser.Scope scope;
    private final Collapser<CollapsedBatches.Pending, Object> collapser;
    private final HystrixCollapserMetrics metrics;

    /** A REQUEST-scoped collapser keyed by its class's simple name. */
    protected HystrixObservableCollapser() {
        this(HystrixCollapser.Setter.withCollapserKey(null));
    }

    /** A REQUEST-scoped collapser with {@code collapserKey}. */
    protected HystrixObservableCollapser(HystrixCollapserKey collapserKey) {
        this(HystrixCollapser.Setter.withCollapserKey(collapserKey));
    }

    /** A collapser configured by {@code setter}. */
    protected HystrixObservableCollapser(HystrixCollapser.Setter setter) {
        this(setter, null, null);
    }

    /*
     * Package-private as in 1.5.18 (for tests): the key's Firebreak collapser, if this instance makes
     * it, has its windows closed by {@code timer} (see TimerWindows; the key's first instance decides);
     * {@code metrics}, if not null, is what getMetrics() returns.
     */
    HystrixObservableCollapser(HystrixCollapserKey collapserKey, Scope scope, CollapserTimer timer,
            HystrixCollapserProperties.Setter propertiesBuilder, HystrixCollapserMetrics metrics) {
        this(HystrixCollapser.Setter.withCollapserKey(collapserKey).andScope(HystrixCollapser.Scope.valueOf(scope.name()))
                .andCollapserPropertiesDefaults(propertiesBuilder), timer, metrics);
    }

    private HystrixObservableCollapser(HystrixCollapser.Setter setter, CollapserTimer timer, HystrixCollapserMetrics metrics) {
        this.collapserKey = setter.collapserKey != null ? setter.collapserKey
                : HystrixCollapserKey.Factory.asKey(getClass().getSimpleName());
        this.scope = setter.scope;
        this.collapser = CollapsedBatches.collapser(collapserKey, scope, setter.properties, true, timer);
        this.metrics = metrics != null ? metrics
                : HystrixCollapserMetrics.getInstance(collapserKey, new HystrixCollapserProperties(collapser::config));
        HystrixMetricsPublisherFactory.createOrRetrievePublisherForCollapser(collapserKey, this.metrics, this.metrics.getProperties());
    }

    /** This request's argument. */
    public abstract A getRequestArgument();

    /** The command that answers a batch of requests. */
    protected abstract HystrixObservableCommand<B> createCommand(Collection<HystrixCollapser.CollapsedRequest<R, A>> requests);

    /** The key of one emission of the batch command. */
    protected abstract Func1<B, K> getBatchReturnTypeKeySelector();

    /** The key of one request's argument. */
    protected abstract Func1<A, K> getRequestArgumentKeySelector();

    /** A matching emission turned into a request's response. */
    protected abstract Func1<B, R> getBatchReturnTypeToResponseTypeMapper();

    /** Called for a request no emission answered; set its exception or a response here. */
    protected abstract void onMissingResponse(HystrixCollapser.CollapsedRequest<R, A> request);

    /** Splits a batch into shards, each answered by its own command; default: one shard. */
    protected Collection<Collection<HystrixCollapser.CollapsedRequest<R, A>>> shardRequests(
            Collection<HystrixCollapser.CollapsedRequest<R, A>> requests) {
        return Collections.singletonList(requests);
    }

    /** The request-cache key of this request, or null for none (the default). */
    protected String getCacheKey() {
        return null;
    }

    public HystrixCollapserKey getCollapserKey() {
        return collapserKey;
    }

    /** The figures of this collapser's key. */
    public HystrixCollapserMetrics getMetrics() {
        return metrics;
    }

    /** Where requests are gathered: per request context (default) or across the process. */
    public Scope getScope() {
        return Scope.valueOf(scope.name());
    }

    @Override
    public Observable<R> observe() {
        ReplaySubject<R> subject = ReplaySubject.create();
        Subscription started = toObservable().subscribe(subject);
        return subject.doOnUnsubscribe(started::unsubscribe); // as 1.5.18: leaving the replay leaves the batch
    }

    /** A lazy observable of this request's responses: submitted on subscription, left on unsubscription. */
    @Override
    public Observable<R> toObservable() {
        return LazyObservable.of(this::submit, values -> values);
    }

    @SuppressWarnings("unchecked")
    private CompletableFuture<List<R>> submit() {
        CollapsedBatches.requireContext(collapserKey, scope);
        String cacheKey = getCacheKey();
        CompletableFuture<Object> source = collapser.submit(new CollapsedBatches.Pending(getRequestArgument(), maker(), cacheKey));
        LinkedFuture<List<R>> result = new LinkedFuture<>(CacheShares.cancelHandle(collapserKey, cacheKey, collapser.config().requestCacheEnabled(), source));
        source.whenComplete((value, thrown) -> {
            if (thrown == null) {
                result.complete((List<R>) value);
            } else {
                result.completeExceptionally(CollapsedBatches.forCaller(thrown, collapserKey, HystrixInvokable.class));
            }
        });
        return result;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private CollapsedBatches.BatchMaker maker() {
        return requests -> {
            Collection<HystrixCollapser.CollapsedRequest<R, A>> all = (Collection) requests;
            List<CompletableFuture<?>> shards = new ArrayList<>();
            for (Collection<HystrixCollapser.CollapsedRequest<R, A>> shard : shardRequests(all)) {
                HystrixObservableCommand<B> command = createCommand(shard);
                command.markCollapsed(collapserKey, shard.size());
                CompletableFuture<List<B>> emissions = new CompletableFuture<>();
                command.toObservable().toList().subscribe(emissions::complete, emissions::completeExceptionally);
                shards.add(emissions.thenAccept(values -> match(values, shard)));
            }
            return CompletableFuture.allOf(shards.toArray(CompletableFuture[]::new)).thenApply(done -> requests);
        };
    }

    /*
     * As 1.5.18: an emission whose key or mapping throws is skipped; a request no emission answered
     * goes to onMissingResponse, whose exception fails that request alone; every request then completes.
     */
    private void match(List<B> emissions, Collection<HystrixCollapser.CollapsedRequest<R, A>> shard) {
        Func1<B, K> emissionKey = getBatchReturnTypeKeySelector();
        Func1<A, K> requestKey = getRequestArgumentKeySelector();
        Func1<B, R> toResponse = getBatchReturnTypeToResponseTypeMapper();
        Map<K, List<R>> byKey = new HashMap<>();
        for (B emission : emissions) {
            try {
                K key = emissionKey.call(emission);
                R response = toResponse.call(emission);
                byKey.computeIfAbsent(key, k -> new ArrayList<>()).add(response);
            } catch (RuntimeException skipped) {
                // an emission the user's selector or mapper cannot handle answers nobody
            }
        }
        for (HystrixCollapser.CollapsedRequest<R, A> request : shard) {
            try {
                List<R> matching = byKey.get(requestKey.call(request.getArgument()));
                if (matching != null) {
                    matching.forEach(request::emitResponse);
                } else {
                    missing(request);
                }
                request.setComplete();
            } catch (RuntimeException thrown) {
                request.setException(thrown);
            }
        }
    }

    private void missing(HystrixCollapser.CollapsedRequest<R, A> request) {
        try {
            onMissingResponse(request);
        } catch (RuntimeException thrown) {
            request.setException(new RuntimeException(collapserKey.name() + ": onMissingResponse threw for " + request.getArgument(), thrown));
        }
    }

}
