package com.netflix.hystrix;

import com.netflix.hystrix.collapser.CollapserTimer;
import com.netflix.hystrix.collapser.RequestCollapserFactory;
import com.netflix.hystrix.exception.HystrixRuntimeException;
import com.netflix.hystrix.exception.HystrixRuntimeException.FailureType;
import com.netflix.hystrix.strategy.metrics.HystrixMetricsPublisherFactory;
import dev.firebreak.collapse.Collapser;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import rx.Observable;
import rx.Subscription;
import rx.subjects.ReplaySubject;

/**
 * Collapses many requests into one batch {@link HystrixCommand}: subclass it, give each instance its
 * argument ({@link #getRequestArgument()}), make the batch command ({@link #createCommand}) and split
 * its response back ({@link #mapResponseToRequests}). Runs on a Firebreak collapser per collapser key:
 * REQUEST scope by default (one batch per request context), Hystrix's timer window
 * ({@code timerDelayInMilliseconds}, 10 ms) unless {@code hystrix.collapser.*.dispatch.strategy} says
 * LOAD_AWARE. The batch command appears in the request log with COLLAPSED.
 *
 * @param <B> the batch command's response
 * @param <R> one request's response
 * @param <A> one request's argument
 */
public abstract class HystrixCollapser<B, R, A> implements HystrixExecutable<R>, HystrixObservable<R> {

    /** Where requests are gathered: per request context (default) or across the process. */
    public enum Scope {
        REQUEST, GLOBAL
    }

    /** One request of a batch, as {@code createCommand} and {@code mapResponseToRequests} see it. */
    public interface CollapsedRequest<R, A> {
        /** The request's argument. */
        A getArgument();

        /** Gives the request its response and completes it. */
        void setResponse(R response);

        /** Adds a response (observable collapsers may emit several). */
        void emitResponse(R response);

        /** Fails the request with {@code exception}. */
        void setException(Exception exception);

        /** Completes the request with the responses emitted so far. */
        void setComplete();
    }

    private final HystrixCollapserKey collapserKey;
    private final Scope scope;
    private final Collapser<CollapsedBatches.Pending, Object> collapser;
    private final HystrixCollapserMetrics metrics;

    /** A REQUEST-scoped collapser keyed by its class's simple name. */
    protected HystrixCollapser() {
        this(Setter.withCollapserKey(null));
    }

    /** A REQUEST-scoped collapser with {@code collapserKey}. */
    protected HystrixCollapser(HystrixCollapserKey collapserKey) {
        this(Setter.withCollapserKey(collapserKey));
    }

    /** A collapser configured by {@code setter}. */
    protected HystrixCollapser(Setter setter) {
        this(setter, null, null);
    }

    /* Package-private as in 1.5.18 (for tests): the key's windows closed by {@code timer}, as the next constructor. */
    HystrixCollapser(HystrixCollapserKey collapserKey, Scope scope, CollapserTimer timer, HystrixCollapserProperties.Setter propertiesBuilder) {
        this(collapserKey, scope, timer, propertiesBuilder, null);
    }

    /*
     * Package-private as in 1.5.18 (for tests): the key's Firebreak collapser, if this instance makes
     * it, has its windows closed by {@code timer} (see TimerWindows; the key's first instance decides);
     * {@code metrics}, if not null, is what getMetrics() returns.
     */
    HystrixCollapser(HystrixCollapserKey collapserKey, Scope scope, CollapserTimer timer, HystrixCollapserProperties.Setter propertiesBuilder,
            HystrixCollapserMetrics metrics) {
        this(Setter.withCollapserKey(collapserKey).andScope(scope).andCollapserPropertiesDefaults(propertiesBuilder), timer, metrics);
    }

    private HystrixCollapser(Setter setter, CollapserTimer timer, HystrixCollapserMetrics metrics) {
        this.collapserKey = setter.collapserKey != null ? setter.collapserKey
                : HystrixCollapserKey.Factory.asKey(getClass().getSimpleName());
        this.scope = setter.scope;
        this.collapser = CollapsedBatches.collapser(collapserKey, scope, setter.properties, false, timer);
        this.metrics = metrics != null ? metrics : HystrixCollapserMetrics.getInstance(collapserKey, getProperties());
        HystrixMetricsPublisherFactory.createOrRetrievePublisherForCollapser(collapserKey, this.metrics, this.metrics.getProperties());
    }

    /* Package-private as in 1.5.18: forgets the request variables of RequestCollapserFactory. */
    static void reset() {
        RequestCollapserFactory.reset();
    }

    /** This request's argument. */
    public abstract A getRequestArgument();

    /** The command that answers a batch of requests. */
    protected abstract HystrixCommand<B> createCommand(Collection<CollapsedRequest<R, A>> requests);

    /** Splits a batch into shards, each answered by its own command; default: one shard. */
    protected Collection<Collection<CollapsedRequest<R, A>>> shardRequests(Collection<CollapsedRequest<R, A>> requests) {
        return Collections.singletonList(requests);
    }

    /** Gives each request of the batch its response (or exception) from {@code batchResponse}. */
    protected abstract void mapResponseToRequests(B batchResponse, Collection<CollapsedRequest<R, A>> requests);

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

    public Scope getScope() {
        return scope;
    }

    /** This collapser key's properties, read live. */
    public HystrixCollapserProperties getProperties() {
        return new HystrixCollapserProperties(collapser::config);
    }

    @Override
    public R execute() {
        try {
            return queue().get();
        } catch (ExecutionException failed) {
            Throwable cause = failed.getCause();
            if (cause instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new HystrixRuntimeException(FailureType.COMMAND_EXCEPTION, getClass(),
                    collapserKey.name() + " collapsed request failed.", cause, null);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new HystrixRuntimeException(FailureType.COMMAND_EXCEPTION, getClass(),
                    collapserKey.name() + " was interrupted while waiting.", interrupted, null);
        }
    }

    @Override
    public Future<R> queue() {
        return submit();
    }

    @Override
    public Observable<R> observe() {
        ReplaySubject<R> subject = ReplaySubject.create();
        Subscription started = toObservable().subscribe(subject);
        return subject.doOnUnsubscribe(started::unsubscribe); // as 1.5.18: leaving the replay leaves the batch
    }

    @Override
    public Observable<R> toObservable() {
        return LazyObservable.of(this::submit, Collections::singletonList);
    }

    @SuppressWarnings("unchecked")
    private CompletableFuture<R> submit() {
        CollapsedBatches.requireContext(collapserKey, scope);
        String cacheKey = getCacheKey();
        CompletableFuture<Object> source = collapser.submit(new CollapsedBatches.Pending(getRequestArgument(), maker(), cacheKey));
        LinkedFuture<R> result = new LinkedFuture<>(CacheShares.cancelHandle(collapserKey, cacheKey, collapser.config().requestCacheEnabled(), source));
        source.whenComplete((value, thrown) -> {
            if (thrown == null) {
                result.complete((R) value);
            } else {
                result.completeExceptionally(CollapsedBatches.forCaller(thrown, collapserKey, getClass()));
            }
        });
        return result;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private CollapsedBatches.BatchMaker maker() {
        return requests -> {
                Collection<CollapsedRequest<R, A>> all = (Collection) requests;
                List<CompletableFuture<?>> shards = new ArrayList<>();
                for (Collection<CollapsedRequest<R, A>> shard : shardRequests(all)) {
                    HystrixCommand<B> command = createCommand(shard);
                    command.markCollapsed(collapserKey, shard.size());
                    shards.add(((CompletableFuture<B>) command.queue()).thenAccept(response -> mapResponseToRequests(response, shard)));
                }
                return CompletableFuture.allOf(shards.toArray(CompletableFuture[]::new)).thenApply(done -> requests);
        };
    }

    /** How a collapser is keyed and configured. */
    public static class Setter {
        final HystrixCollapserKey collapserKey;
        Scope scope = Scope.REQUEST;
        HystrixCollapserProperties.Setter properties;

        private Setter(HystrixCollapserKey collapserKey) {
            this.collapserKey = collapserKey;
        }

        /** Starts a Setter with the collapser key. */
        public static Setter withCollapserKey(HystrixCollapserKey collapserKey) {
            return new Setter(collapserKey);
        }

        /** REQUEST (default) or GLOBAL. */
        public Setter andScope(Scope scope) {
            this.scope = scope;
            return this;
        }

        /** The collapser's instance defaults from code. */
        public Setter andCollapserPropertiesDefaults(HystrixCollapserProperties.Setter propertiesSetter) {
            this.properties = propertiesSetter;
            return this;
        }
    }
}
