package com.netflix.hystrix;

import com.netflix.hystrix.exception.HystrixBadRequestException;
import com.netflix.hystrix.strategy.HystrixPlugins;
import dev.firebreak.Fallback;
import dev.firebreak.isolation.IsolationStrategy;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import rx.Observable;
import rx.Subscription;

/**
 * A non-blocking call to a dependency that emits values: subclass it, implement {@link #construct()}
 * (an Observable that must not block), optionally {@link #resumeWithFallback()} and
 * {@link #getCacheKey()}, and run each instance once with {@link #observe()} or {@link #toObservable()}.
 *
 * <p>It runs through the Firebreak guard of its command key with {@code guard.submitAsync}: no thread is
 * held while the Observable is pending; SEMAPHORE isolation is the default, as in Hystrix. The
 * emissions are gathered and delivered when the Observable completes (Hystrix delivers them as they
 * come); the timeout and cancellation unsubscribe from it.
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
        super(setter.groupKey, setter.commandKey, null, setter.commandProperties, null, IsolationStrategy.SEMAPHORE);
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
        return lazily(this::begin, values -> values);
    }

    private CompletableFuture<List<R>> begin() {
        Callable<Observable<R>> work = HystrixPlugins.getInstance().getConcurrencyStrategy().wrapCallable(this::construct);
        Supplier<CompletableFuture<List<R>>> call = () -> {
            record.runStarted();
            CompletableFuture<List<R>> stage = new CompletableFuture<>();
            try {
                Subscription subscription = work.call().toList().subscribe(values -> {
                    record.runReturned(values.size());
                    stage.complete(values);
                }, thrown -> {
                    record.runThrew(thrown);
                    stage.completeExceptionally(thrown instanceof HystrixBadRequestException badRequest
                            ? new CommandFailures.BadRequestCarrier(badRequest) : thrown);
                });
                stage.whenComplete((values, thrown) -> {
                    if (stage.isCancelled()) {
                        subscription.unsubscribe();
                    }
                });
            } catch (Exception thrown) {
                record.runThrew(thrown);
                stage.completeExceptionally(thrown instanceof HystrixBadRequestException badRequest
                        ? new CommandFailures.BadRequestCarrier(badRequest) : thrown);
            }
            return stage;
        };
        Fallback<List<R>> fallback = HAS_FALLBACK.get(getClass()) ? failure -> {
            fallbackStarting(failure);
            List<R> values = resumeWithFallback().toList().toBlocking().single();
            record.fallbackReturned(values.size());
            return values;
        } : null;
        return start(guard -> guard.submitAsync(call, fallback), cached -> cached.submitAsync(call, fallback));
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
