package com.netflix.hystrix.strategy.concurrency;

import com.netflix.hystrix.HystrixThreadPool;
import com.netflix.hystrix.strategy.HystrixPlugins;
import dev.firebreak.context.RequestContext;
import java.util.concurrent.TimeUnit;
import rx.Scheduler;
import rx.Subscription;
import rx.functions.Action0;
import rx.functions.Func0;
import rx.subscriptions.CompositeSubscription;

/**
 * An RxJava scheduler that runs each action in the request context current where the action was
 * scheduled: wrap {@code Schedulers.computation()} or {@code io()} with it so commands started inside
 * {@code subscribeOn}/{@code observeOn} still see their request's cache, log and collapser batches.
 */
public class HystrixContextScheduler extends Scheduler {

    private final Scheduler actual;
    private final HystrixConcurrencyStrategy strategy;

    /** Carries the context onto {@code scheduler}'s threads. */
    public HystrixContextScheduler(Scheduler scheduler) {
        this(HystrixPlugins.getInstance().getConcurrencyStrategy(), scheduler);
    }

    /** Carries the context onto {@code scheduler}'s threads, after the strategy's own wrapping. */
    public HystrixContextScheduler(HystrixConcurrencyStrategy concurrencyStrategy, Scheduler scheduler) {
        this.actual = scheduler;
        this.strategy = concurrencyStrategy;
    }

    /** Runs on {@code pool}'s threads; an unsubscribed running action is interrupted. */
    public HystrixContextScheduler(HystrixConcurrencyStrategy concurrencyStrategy, HystrixThreadPool pool) {
        this(concurrencyStrategy, pool, () -> true);
    }

    /**
     * Runs on {@code pool}'s threads, one task per action; an action unsubscribed before it starts never
     * runs, and one unsubscribed while it runs has its thread interrupted if {@code shouldInterruptThread}
     * returns true then.
     */
    public HystrixContextScheduler(HystrixConcurrencyStrategy concurrencyStrategy, HystrixThreadPool pool,
            Func0<Boolean> shouldInterruptThread) {
        this(concurrencyStrategy, new PoolScheduler(pool.getExecutor(), shouldInterruptThread));
    }

    @Override
    public Worker createWorker() {
        return new ContextWorker(actual.createWorker());
    }

    /** A worker whose actions run in the context captured when each was scheduled. */
    private final class ContextWorker extends Worker {
        private final Worker worker;
        private final CompositeSubscription tracked = new CompositeSubscription();

        ContextWorker(Worker worker) {
            this.worker = worker;
            tracked.add(worker);
        }

        @Override
        public Subscription schedule(Action0 action) {
            return worker.schedule(inContext(action));
        }

        @Override
        public Subscription schedule(Action0 action, long delayTime, TimeUnit unit) {
            return worker.schedule(inContext(action), delayTime, unit);
        }

        private Action0 inContext(Action0 action) {
            RequestContext context = RequestContext.currentOrNull();
            java.util.concurrent.Callable<Void> work = strategy.wrapCallable(() -> {
                action.call();
                return null;
            });
            return () -> {
                RequestContext before = RequestContext.swap(context);
                try {
                    work.call();
                } catch (RuntimeException | Error e) {
                    throw e;
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                } finally {
                    RequestContext.swap(before);
                }
            };
        }

        @Override
        public void unsubscribe() {
            tracked.unsubscribe();
        }

        @Override
        public boolean isUnsubscribed() {
            return tracked.isUnsubscribed();
        }
    }
}
