package com.netflix.hystrix;

import com.netflix.hystrix.exception.HystrixBadRequestException;
import com.netflix.hystrix.exception.HystrixRuntimeException;
import com.netflix.hystrix.exception.HystrixRuntimeException.FailureType;
import com.netflix.hystrix.strategy.executionhook.HystrixCommandExecutionHook;
import com.netflix.hystrix.strategy.properties.HystrixPropertiesStrategy;
import dev.firebreak.Fallback;
import dev.firebreak.GuardedCall;
import dev.firebreak.NoFallbackException;
import dev.firebreak.isolation.IsolationStrategy;
import java.util.Collections;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.function.Supplier;
import rx.Observable;

/**
 * A call to a dependency that returns one value: subclass it, implement {@link #run()}, optionally
 * {@link #getFallback()} and {@link #getCacheKey()}, and run each instance once with
 * {@link #execute()}, {@link #queue()}, {@link #observe()} or {@link #toObservable()}.
 *
 * <p>Each instance runs through the Firebreak guard of its command key (request cache, circuit
 * breaker, isolation on the thread pool of its thread-pool key or a semaphore, timeout), which reports
 * to the metrics, the stream and the request log. Every run completes exactly once: with run()'s
 * value, the fallback's value, the {@link HystrixBadRequestException} run() threw, or a
 * {@link HystrixRuntimeException} saying why (its {@link FailureType}).
 */
public abstract class HystrixCommand<R> extends AbstractCommand<R> implements HystrixExecutable<R>, HystrixInvokableInfo<R>, HystrixObservable<R> {

    private static final ClassValue<Boolean> HAS_FALLBACK = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
            return Overrides.declares(type, HystrixCommand.class, "getFallback");
        }
    };

    /** A command of {@code group}, keyed by its class's simple name, on the group's thread pool. */
    protected HystrixCommand(HystrixCommandGroupKey group) {
        this(Setter.withGroupKey(group));
    }

    /** A command of {@code group} on the thread pool {@code threadPool}. */
    protected HystrixCommand(HystrixCommandGroupKey group, HystrixThreadPoolKey threadPool) {
        this(Setter.withGroupKey(group).andThreadPoolKey(threadPool));
    }

    /** A command of {@code group} with a timeout of {@code executionIsolationThreadTimeoutInMilliseconds}. */
    protected HystrixCommand(HystrixCommandGroupKey group, int executionIsolationThreadTimeoutInMilliseconds) {
        this(Setter.withGroupKey(group).andCommandPropertiesDefaults(
                HystrixCommandProperties.Setter().withExecutionTimeoutInMilliseconds(executionIsolationThreadTimeoutInMilliseconds)));
    }

    /** A command of {@code group} on {@code threadPool} with the given timeout. */
    protected HystrixCommand(HystrixCommandGroupKey group, HystrixThreadPoolKey threadPool, int executionIsolationThreadTimeoutInMilliseconds) {
        this(Setter.withGroupKey(group).andThreadPoolKey(threadPool).andCommandPropertiesDefaults(
                HystrixCommandProperties.Setter().withExecutionTimeoutInMilliseconds(executionIsolationThreadTimeoutInMilliseconds)));
    }

    /** A command configured by {@code setter}. */
    protected HystrixCommand(Setter setter) {
        super(setter.groupKey, setter.commandKey, setter.threadPoolKey, setter.commandProperties, setter.threadPoolProperties,
                IsolationStrategy.THREAD, null);
    }

    /**
     * A command given parts of its own in place of its key's (1.5.18's constructor for tests; each null
     * means the key's own): a breaker consulted before each execution, metrics, a fallback and an
     * execution semaphore, and an execution hook. A thread pool given runs the instance's work under
     * THREAD isolation. The properties strategy given is not used: the key's guard has its configuration.
     */
    HystrixCommand(HystrixCommandGroupKey group, HystrixCommandKey key, HystrixThreadPoolKey threadPoolKey,
            HystrixCircuitBreaker circuitBreaker, HystrixThreadPool threadPool, HystrixCommandProperties.Setter commandPropertiesDefaults,
            HystrixThreadPoolProperties.Setter threadPoolPropertiesDefaults, HystrixCommandMetrics metrics,
            TryableSemaphore fallbackSemaphore, TryableSemaphore executionSemaphore, HystrixPropertiesStrategy propertiesStrategy,
            HystrixCommandExecutionHook executionHook) {
        super(group, key, threadPoolKey, commandPropertiesDefaults, threadPoolPropertiesDefaults, IsolationStrategy.THREAD,
                new InjectedParts(circuitBreaker, threadPool, metrics, fallbackSemaphore, executionSemaphore, executionHook));
    }

    /** The work: calls the dependency and returns its value; runs on the pool's thread (or the caller's under SEMAPHORE). */
    protected abstract R run() throws Exception;

    /**
     * The value to return when run() fails, times out, is rejected or short-circuited; the default has
     * none (FALLBACK_MISSING). Keep it fast and local, or use another command.
     */
    protected R getFallback() {
        throw new UnsupportedOperationException("No fallback available.");
    }

    /** Runs the command and waits for its value. */
    @Override
    public R execute() {
        Future<R> future = queue();
        try {
            return future.get();
        } catch (ExecutionException failed) {
            Throwable cause = failed.getCause();
            if (cause instanceof HystrixBadRequestException badRequest && CommandFailures.notWrapped(badRequest.getCause())) {
                throw CommandFailures.<RuntimeException>sneaky(badRequest.getCause()); // as 1.5.18: the marked cause itself
            }
            if (cause instanceof HystrixRuntimeException || cause instanceof HystrixBadRequestException) {
                throw (RuntimeException) cause;
            }
            if (CommandFailures.notWrapped(cause)) {
                throw CommandFailures.<RuntimeException>sneaky(cause); // as 1.5.18: the marked exception itself, checked or not
            }
            throw new HystrixRuntimeException(FailureType.COMMAND_EXCEPTION, getClass(),
                    getCommandKey().name() + " failed while executing.", cause, null);
        } catch (InterruptedException interrupted) {
            future.cancel(true);
            Thread.currentThread().interrupt();
            throw new HystrixRuntimeException(FailureType.COMMAND_EXCEPTION, getClass(),
                    getCommandKey().name() + " was interrupted while waiting; the call was cancelled.", interrupted, null);
        }
    }

    /**
     * Starts the command and returns its future at once (under SEMAPHORE isolation the command has
     * already run when it returns). Cancelling the future cancels the call. An outcome already decided
     * as a refusal without a fallback value (short-circuited, rejected) is thrown here, as in 1.5.18.
     */
    @Override
    public Future<R> queue() {
        CompletableFuture<R> future;
        try {
            future = begin();
        } finally {
            record.settlementHooked(); // the caller holds the future: a run on a pool thread may end
        }
        if (future.isCompletedExceptionally() && !future.isCancelled()) {
            // As 1.5.18: a refusal already decided (short-circuit, rejection) with no fallback value is thrown
            // from queue() itself; a failure of the run (COMMAND_EXCEPTION, TIMEOUT) only from get().
            // Marked exceptions (ExceptionNotWrappedByHystrix) are thrown as they are; get() wraps the others.
            Throwable failure = CommandFailures.unwrap(future.exceptionNow());
            if (failure instanceof HystrixBadRequestException badRequest) {
                if (CommandFailures.notWrapped(badRequest.getCause())) {
                    throw CommandFailures.<RuntimeException>sneaky(badRequest.getCause());
                }
            } else if (failure instanceof HystrixRuntimeException refused) {
                if (refused.getFailureType() != FailureType.COMMAND_EXCEPTION && refused.getFailureType() != FailureType.TIMEOUT) {
                    throw refused;
                }
            } else if (CommandFailures.notWrapped(failure)) {
                throw CommandFailures.<RuntimeException>sneaky(failure);
            }
        }
        return future;
    }

    /** A lazy observable: the command starts on subscription; unsubscribing cancels it. */
    @Override
    public Observable<R> toObservable() {
        return LazyObservable.of(this::begin, Collections::singletonList, record::settlementHooked);
    }

    private CompletableFuture<R> begin() {
        ExecutionHooks<R> hooks = newHooks();
        Callable<R> work = plugins.wrap(this::run); // on the caller's thread, as a strategy expects
        GuardedCall<R> call = () -> runOnce(hooks, work);
        Fallback<R> fallback = HAS_FALLBACK.get(getClass()) ? fallbackOf(hooks, plugins.wrap(this::getFallback)) : null;
        if (injected != null && injected.threadPool != null && guard.controls().isolationStrategy() == IsolationStrategy.THREAD) {
            Supplier<CompletableFuture<R>> onGivenPool = () -> InjectedPool.runOnReserved(call);
            return start(hooks, guard -> guard.submitAsync(onGivenPool, fallback), cached -> cached.submitAsync(onGivenPool, fallback));
        }
        return start(hooks, guard -> guard.submit(call, fallback), cached -> cached.submit(call, fallback));
    }

    /** run() once, on the thread the guard chose; on a pool's thread it ends once the caller can hear its end there. */
    private R runOnce(ExecutionHooks<R> hooks, Callable<R> work) throws Exception {
        try {
            return runHooked(hooks, work);
        } finally {
            record.awaitSettlementHooked();
        }
    }

    /** run() with the hooks around it and the record kept. */
    @SuppressWarnings("try") // the resource marks the running command; the body need not name it
    private R runHooked(ExecutionHooks<R> hooks, Callable<R> work) throws Exception {
        record.runStarted();
        StartPublisher.publish(this);
        try (Hystrix.Running running = Hystrix.startCurrentThreadExecutingCommand(getCommandKey())) {
            R value;
            try {
                if (hooks != null) {
                    hooks.runStarting(record.executedInThread(), record);
                }
                value = work.call();
            } catch (Exception thrown) {
                Exception told = hooks != null && hooks.claimRunEnd() ? hooks.runFailed(thrown) : thrown;
                record.runThrew(told);
                throw told instanceof HystrixBadRequestException badRequest ? new CommandFailures.BadRequestCarrier(badRequest) : told;
            } catch (Error error) {
                Exception wrapped = new Exception(error); // as 1.5.18: an Error goes on wrapped in an Exception
                Exception told = hooks != null && hooks.claimRunEnd() ? hooks.runFailed(wrapped) : wrapped;
                record.runThrew(told);
                throw told;
            }
            record.runReturned(0);
            if (hooks != null && hooks.claimRunEnd()) {
                value = hooks.runEmitted(value);
                hooks.runSucceeded();
            }
            return value;
        }
    }

    /**
     * The guard's fallback: getFallback() (wrapped by the concurrency strategy when the command started),
     * with the hooks around it. A fallback that throws UnsupportedOperationException has none
     * (FALLBACK_MISSING), as in 1.5.18; an ExceptionNotWrappedByHystrix skips it.
     */
    @SuppressWarnings("try") // the resource marks the running command; the body need not name it
    private Fallback<R> fallbackOf(ExecutionHooks<R> hooks, Callable<R> fallbackWork) {
        return failure -> {
            fallbackStarting(failure);
            if (hooks != null) {
                hooks.overtakeRun();
            }
            if (CommandFailures.skipsFallback(record.executionException())) {
                throw new NoFallbackException("an ExceptionNotWrappedByHystrix or an unrecoverable Error: no fallback");
            }
            TryableSemaphore given = InjectedParts.takeFallbackPermit(this); // null when none was given
            try {
                R value;
                try (Hystrix.Running running = Hystrix.startCurrentThreadExecutingCommand(getCommandKey())) {
                    if (hooks != null) {
                        hooks.fallbackStarting();
                    }
                    value = fallbackWork.call();
                } catch (Exception thrown) {
                    Exception told = hooks == null ? thrown : hooks.fallbackFailed(thrown);
                    if (told instanceof UnsupportedOperationException none) {
                        throw new NoFallbackException("getFallback() has none: " + none.getMessage(), none);
                    }
                    throw told;
                }
                if (hooks != null) {
                    value = hooks.fallbackEmitted(value);
                    hooks.fallbackSucceeded();
                }
                record.fallbackReturned(0);
                return value;
            } finally {
                if (given != null) {
                    given.release();
                }
            }
        };
    }

    /**
     * How a command is keyed and configured: {@code Setter.withGroupKey(group).andCommandKey(key)
     * .andThreadPoolKey(pool).andCommandPropertiesDefaults(...).andThreadPoolPropertiesDefaults(...)}.
     * The first command of a key makes its guard; later Setters for the same key change nothing (use
     * {@code hystrix.command.<key>.*} properties to change a running command).
     */
    public static final class Setter {
        final HystrixCommandGroupKey groupKey;
        HystrixCommandKey commandKey;
        HystrixThreadPoolKey threadPoolKey;
        HystrixCommandProperties.Setter commandProperties;
        HystrixThreadPoolProperties.Setter threadPoolProperties;

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

        /** The thread-pool key (default: the group key's name). */
        public Setter andThreadPoolKey(HystrixThreadPoolKey threadPoolKey) {
            this.threadPoolKey = threadPoolKey;
            return this;
        }

        /** The command's instance defaults from code. */
        public Setter andCommandPropertiesDefaults(HystrixCommandProperties.Setter commandPropertiesDefaults) {
            this.commandProperties = commandPropertiesDefaults;
            return this;
        }

        /** The thread pool's instance defaults from code (used when this command makes the pool). */
        public Setter andThreadPoolPropertiesDefaults(HystrixThreadPoolProperties.Setter threadPoolPropertiesDefaults) {
            this.threadPoolProperties = threadPoolPropertiesDefaults;
            return this;
        }
    }
}
