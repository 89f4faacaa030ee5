package com.netflix.hystrix;

import com.netflix.hystrix.exception.HystrixBadRequestException;
import com.netflix.hystrix.strategy.executionhook.HystrixCommandExecutionHook;
import com.netflix.hystrix.strategy.properties.HystrixPropertiesStrategy;
import dev.firebreak.Fallback;
import dev.firebreak.GuardedCall;
import dev.firebreak.NoFallbackException;
import dev.firebreak.isolation.IsolationStrategy;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.Supplier;
import rx.Observable;
import rx.Subscriber;
import rx.Subscription;
import rx.subscriptions.Subscriptions;

/**
 * A non-blocking call to a dependency that emits values: subclass it, implement {@link #construct()}
 * (an Observable that must not block), optionally {@link #resumeWithFallback()} and
 * {@link #getCacheKey()}, and run each instance once with {@link #observe()} or {@link #toObservable()}.
 *
 * <p>It runs through the Firebreak guard of its command key with {@code guard.submitAsync}: no thread is
 * held while the Observable is pending; SEMAPHORE isolation is the default, as in Hystrix. As in
 * Hystrix, each value reaches the subscriber as it comes, on the thread where construct()'s (or
 * resumeWithFallback()'s) Observable emitted it, in the subscriber's request context; the end comes
 * once the command's outcome is recorded. The timeout and cancellation unsubscribe from it.
 */
public abstract class HystrixObservableCommand<R> extends AbstractCommand<R> implements HystrixObservable<R>, HystrixInvokableInfo<R> {

    private static final ClassValue<Boolean> HAS_FALLBACK = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
            return Overrides.declares(type, HystrixObservableCommand.class, "resumeWithFallback");
        }
    };

    /** A command of {@code group}, keyed by its class's simple name. */
    protected HystrixObservableCommand(HystrixCommandGroupKey group) {
        this(Setter.withGroupKey(group));
    }

    /** A command configured by {@code setter}. */
    protected HystrixObservableCommand(Setter setter) {
        super(setter.groupKey, setter.commandKey, null, setter.commandProperties, null, IsolationStrategy.SEMAPHORE, null);
    }

    /**
     * A command given parts of its own in place of its key's (1.5.18's constructor for tests; each null
     * means the key's own): a breaker consulted before each execution, metrics, a fallback and an
     * execution semaphore, and an execution hook. A thread pool given runs the instance's work under
     * THREAD isolation. The properties strategy given is not used: the key's guard has its configuration.
     */
    HystrixObservableCommand(HystrixCommandGroupKey group, HystrixCommandKey key, HystrixThreadPoolKey threadPoolKey,
            HystrixCircuitBreaker circuitBreaker, HystrixThreadPool threadPool, HystrixCommandProperties.Setter commandPropertiesDefaults,
            HystrixThreadPoolProperties.Setter threadPoolPropertiesDefaults, HystrixCommandMetrics metrics,
            TryableSemaphore fallbackSemaphore, TryableSemaphore executionSemaphore, HystrixPropertiesStrategy propertiesStrategy,
            HystrixCommandExecutionHook executionHook) {
        super(group, key, threadPoolKey, commandPropertiesDefaults, threadPoolPropertiesDefaults, IsolationStrategy.SEMAPHORE,
                new InjectedParts(circuitBreaker, threadPool, metrics, fallbackSemaphore, executionSemaphore, executionHook));
    }

    /** The work: an Observable of the dependency's values; it must not block the subscribing thread. */
    protected abstract Observable<R> construct();

    /** The values to emit when construct() fails, times out, is rejected or short-circuited; none by default. */
    protected Observable<R> resumeWithFallback() {
        return Observable.error(new UnsupportedOperationException("No fallback available."));
    }

    /** A lazy observable: the command starts on subscription; unsubscribing cancels it. */
    @Override
    public Observable<R> toObservable() {
        return Observable.unsafeCreate(subscriber -> {
            LiveDelivery<R> delivery = new LiveDelivery<>(subscriber);
            try {
                CompletableFuture<List<R>> future = begin(delivery);
                subscriber.add(Subscriptions.create(() -> future.cancel(true)));
                future.whenComplete(delivery::end);
            } finally {
                record.settlementHooked(); // the end is hooked: a run on a pool thread may end, and be heard there
            }
        });
    }

    @SuppressWarnings("try") // the resource marks the running command; the body need not name it
    private CompletableFuture<List<R>> begin(LiveDelivery<R> delivery) {
        ExecutionHooks<R> hooks = newHooks();
        Callable<Observable<R>> work = plugins.wrap(this::construct); // on the caller's thread, as a strategy expects
        Supplier<CompletableFuture<List<R>>> call = () -> {
            record.runStarted();
            StartPublisher.publish(this);
            CompletableFuture<List<R>> stage = new CompletableFuture<>();
            try (Hystrix.Running running = Hystrix.startCurrentThreadExecutingCommand(getCommandKey())) {
                if (hooks != null) {
                    hooks.runStarting(record.executedInThread(), record);
                }
                delivery.runStarts();
                Subscription subscription = work.call().subscribe(new RunSubscriber(hooks, delivery, stage, Thread.currentThread(), !HAS_FALLBACK.get(getClass())));
                stage.whenComplete((values, thrown) -> {
                    if (stage.isCancelled()) {
                        subscription.unsubscribe();
                    }
                });
            } catch (Exception thrown) {
                failed(hooks, stage, thrown);
            }
            return stage;
        };
        Fallback<List<R>> fallback = HAS_FALLBACK.get(getClass()) ? fallbackOf(hooks, delivery, plugins.wrap(this::resumeWithFallback)) : null;
        if (guard.controls().isolationStrategy() == IsolationStrategy.THREAD) {
            // as 1.5.18: under THREAD isolation construct() is subscribed to on a thread of the key's pool
            GuardedCall<List<R>> onPool = () -> {
                try {
                    return awaitOnPool(call.get());
                } finally {
                    record.awaitSettlementHooked();
                }
            };
            if (injected != null && injected.threadPool != null) {
                Supplier<CompletableFuture<List<R>>> onGivenPool = () -> InjectedPool.runOnReserved(onPool);
                return start(hooks, guard -> guard.submitAsync(onGivenPool, fallback), cached -> cached.submitAsync(onGivenPool, fallback));
            }
            return start(hooks, guard -> guard.submit(onPool, fallback), cached -> cached.submit(onPool, fallback));
        }
        return start(hooks, guard -> guard.submitAsync(call, fallback), cached -> cached.submitAsync(call, fallback));
    }

    /** Holds the pool's thread until the Observable ends; an interrupt (timeout, cancel) unsubscribes from it. */
    private static <V> V awaitOnPool(CompletableFuture<V> stage) throws Exception {
        try {
            return stage.get();
        } catch (InterruptedException interrupted) {
            stage.cancel(true);
            throw interrupted;
        } catch (ExecutionException failed) {
            Throwable cause = failed.getCause();
            if (cause instanceof Error error) {
                throw error;
            }
            throw cause instanceof Exception exception ? exception : failed;
        }
    }

    /**
     * Takes construct()'s values as they come: each to the hooks and the subscriber at once; the end to the
     * stage. After an error, its thread waits to deliver the end only when no fallback is to run: a fallback
     * may need that very thread (a single-threaded scheduler), and its own Observable's thread takes the end.
     */
    private final class RunSubscriber extends Subscriber<R> {
        private final ExecutionHooks<R> hooks;
        private final LiveDelivery<R> delivery;
        private final CompletableFuture<List<R>> stage;
        private final Thread subscribing;
        private final boolean waitsAfterError;
        private final List<R> told = new ArrayList<>();

        RunSubscriber(ExecutionHooks<R> hooks, LiveDelivery<R> delivery, CompletableFuture<List<R>> stage, Thread subscribing,
                boolean waitsAfterError) {
            this.hooks = hooks;
            this.delivery = delivery;
            this.stage = stage;
            this.subscribing = subscribing;
            this.waitsAfterError = waitsAfterError;
        }

        @Override
        public void onNext(R value) {
            if (!delivery.runOpen()) {
                return; // the fallback overtook the run, or the command ended: Hystrix unsubscribed by now
            }
            R v = hooks != null ? hooks.runEmitted(value) : value;
            told.add(v);
            record.runEmitted(told.size());
            delivery.value(v);
        }

        @Override
        public void onCompleted() {
            boolean deliversEnd = delivery.expectEnd(subscribing);
            record.runReturned(told.size());
            if (hooks != null && hooks.claimRunEnd()) {
                hooks.runSucceeded();
            }
            stage.complete(new ArrayList<>(told));
            if (deliversEnd) {
                delivery.awaitEnd();
            }
        }

        @Override
        public void onError(Throwable thrown) {
            boolean deliversEnd = waitsAfterError && delivery.expectEnd(subscribing);
            failed(hooks, stage, thrown);
            if (deliversEnd) {
                delivery.awaitEnd();
            }
        }
    }

    /** Takes resumeWithFallback()'s values as they come: each to the hooks and the subscriber at once; the end to {@code done}. */
    private final class FallbackSubscriber extends Subscriber<R> {
        private final ExecutionHooks<R> hooks;
        private final LiveDelivery<R> delivery;
        private final CompletableFuture<List<R>> done = new CompletableFuture<>();
        private final Thread subscribing = Thread.currentThread();
        private final List<R> told = new ArrayList<>();

        FallbackSubscriber(ExecutionHooks<R> hooks, LiveDelivery<R> delivery) {
            this.hooks = hooks;
            this.delivery = delivery;
            done.whenComplete((values, thrown) -> {
                if (done.isCancelled()) {
                    unsubscribe(); // the waiting thread was interrupted: nobody takes the fallback's values any more
                }
            });
        }

        @Override
        public void onNext(R value) {
            R v = hooks != null ? hooks.fallbackEmitted(value) : value;
            told.add(v);
            delivery.value(v);
        }

        @Override
        public void onCompleted() {
            boolean deliversEnd = delivery.expectEnd(subscribing);
            done.complete(new ArrayList<>(told));
            if (deliversEnd) {
                delivery.awaitEnd();
            }
        }

        @Override
        public void onError(Throwable thrown) {
            boolean deliversEnd = delivery.expectEnd(subscribing);
            done.completeExceptionally(thrown);
            if (deliversEnd) {
                delivery.awaitEnd();
            }
        }
    }

    private void failed(ExecutionHooks<R> hooks, CompletableFuture<List<R>> stage, Throwable thrown) {
        Throwable told = hooks != null && hooks.claimRunEnd()
                ? hooks.runFailed(thrown instanceof Exception e ? e : new Exception(thrown)) : thrown;
        record.runThrew(told);
        stage.completeExceptionally(told instanceof HystrixBadRequestException badRequest ? new CommandFailures.BadRequestCarrier(badRequest) : told);
    }

    /** The guard's fallback: resumeWithFallback()'s values, with the hooks around it (see HystrixCommand's). */
    @SuppressWarnings("try") // the resource marks the running command; the body need not name it
    private Fallback<List<R>> fallbackOf(ExecutionHooks<R> hooks, LiveDelivery<R> delivery, Callable<Observable<R>> fallbackWork) {
        return failure -> {
            delivery.fallbackStarts();
            fallbackStarting(failure);
            if (hooks != null) {
                hooks.overtakeRun();
            }
            if (CommandFailures.notWrapped(record.executionException())) {
                throw new NoFallbackException("the exception is an ExceptionNotWrappedByHystrix: it goes to the caller as it is");
            }
            TryableSemaphore given = InjectedParts.takeFallbackPermit(this); // null when none was given
            try {
                List<R> values;
                try (Hystrix.Running running = Hystrix.startCurrentThreadExecutingCommand(getCommandKey())) {
                    if (hooks != null) {
                        hooks.fallbackStarting();
                    }
                    FallbackSubscriber taken = new FallbackSubscriber(hooks, delivery);
                    fallbackWork.call().subscribe(taken);
                    values = awaitOnPool(taken.done); // the fallback's thread waits for its Observable, as toBlocking() did
                } catch (Exception thrown) {
                    Exception told = hooks == null ? thrown : hooks.fallbackFailed(thrown);
                    if (told instanceof UnsupportedOperationException none) {
                        throw new NoFallbackException("resumeWithFallback() has none: " + none.getMessage(), none);
                    }
                    throw told;
                }
                if (hooks != null) {
                    hooks.fallbackSucceeded();
                }
                record.fallbackReturned(values.size());
                return values;
            } finally {
                if (given != null) {
                    given.release();
                }
            }
        };
    }

    /**
     * How an observable command is keyed and configured: {@code Setter.withGroupKey(group)
     * .andCommandKey(key).andCommandPropertiesDefaults(...)}.
     */
    public static final class Setter {
        final HystrixCommandGroupKey groupKey;
        HystrixCommandKey commandKey;
        HystrixCommandProperties.Setter commandProperties;

        private Setter(HystrixCommandGroupKey groupKey) {
            this.groupKey = groupKey;
        }

        /** Starts a Setter with the required group key. */
        public static Setter withGroupKey(HystrixCommandGroupKey groupKey) {
            return new Setter(groupKey);
        }

        /** The command key (default: the class's simple name). */
        public Setter andCommandKey(HystrixCommandKey commandKey) {
            this.commandKey = commandKey;
            return this;
        }

        /** The command's instance defaults from code. */
        public Setter andCommandPropertiesDefaults(HystrixCommandProperties.Setter commandPropertiesDefaults) {
            this.commandProperties = commandPropertiesDefaults;
            return this;
        }
    }
}
