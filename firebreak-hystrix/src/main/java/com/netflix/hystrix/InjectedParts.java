package com.netflix.hystrix;

import com.netflix.hystrix.AbstractCommand.TryableSemaphore;
import com.netflix.hystrix.strategy.executionhook.HystrixCommandExecutionHook;
import dev.firebreak.FallbackRejectedException;
import dev.firebreak.Guard;
import dev.firebreak.attempt.Admission;
import dev.firebreak.breaker.BreakerConfig;
import dev.firebreak.breaker.BreakerMode;
import dev.firebreak.breaker.CircuitBreakerView;
import dev.firebreak.breaker.CircuitState;
import dev.firebreak.event.EventType;
import dev.firebreak.isolation.IsolationStrategy;

/*
 * The parts a command instance was given in place of its key's own, through the package-private
 * constructors of HystrixCommand and HystrixObservableCommand (each may be null: the key's own).
 *
 * They govern the instance through its key's guard: a guard whose first command came through those
 * constructors (or whose metrics HystrixCommandMetrics.getInstance(key, group, pool, properties) made
 * first) is built with three admissions (build), entered on the calling thread after the guard's
 * own breaker. The instance being started is handed over to them on that thread
 * (handOver), so each instance of a key can bring different parts:
 *  - the breaker: attemptExecution() false refuses with SHORT_CIRCUITED (then the fallback); the
 *    outcome is reported back with markSuccess() or markNonSuccess();
 *  - the execution semaphore, under SEMAPHORE isolation: no permit refuses with SEMAPHORE_REJECTED;
 *    a permit taken is released once, when the run really ends;
 *  - the thread pool, under THREAD isolation: see InjectedPool;
 *  - the fallback semaphore: a fallback without a permit is FALLBACK_REJECTION (takeFallbackPermit).
 * An instance that brought none of a part, or a key whose commands never came through those
 * constructors, passes with a shared permit; the latter's guards have no such admission at all.
 */
final class InjectedParts {

    private static final ThreadLocal<AbstractCommand<?>> STARTING = new ThreadLocal<>();
    static final Object PASS = new Object();

    final HystrixCircuitBreaker breaker;
    final HystrixCommandMetrics metrics;
    final TryableSemaphore fallbackSemaphore;
    final TryableSemaphore executionSemaphore;
    final HystrixCommandExecutionHook hook;
    final HystrixThreadPool threadPool;

    InjectedParts(HystrixCircuitBreaker breaker, HystrixThreadPool threadPool, HystrixCommandMetrics metrics,
            TryableSemaphore fallbackSemaphore, TryableSemaphore executionSemaphore, HystrixCommandExecutionHook hook) {
        this.breaker = breaker;
        this.threadPool = threadPool;
        this.metrics = metrics;
        this.fallbackSemaphore = fallbackSemaphore;
        this.executionSemaphore = executionSemaphore;
        this.hook = hook;
    }

    /**
     * Builds {@code builder}'s guard for {@code key} with the admissions that read the instance being
     * started. The guard's own breaker keeps counting but refuses nothing by itself (METRICS_ONLY;
     * forceOpen still refuses): the breaker admission decides, with the instance's breaker or else the
     * guard's breaker state (no half-open trial is taken then: the state admits while HALF_OPEN).
     */
    static Guard build(Guard.Builder builder, String key) {
        builder.configure(c -> c.breaker(b -> b.initialMode(BreakerMode.METRICS_ONLY)));
        BreakerAdmission breaker = new BreakerAdmission(key);
        Guard guard = builder.attemptPolicy(breaker).attemptPolicy(new SemaphoreAdmission(key))
                .attemptPolicy(new InjectedPool.Reservation(key)).build();
        breaker.keysOwn = guard.controls().circuitBreaker();
        return guard;
    }

    /** Whether {@code command}'s breaker is open, as 1.5.18 answers it: forced, else its breaker's own word. */
    static boolean isOpen(AbstractCommand<?> command) {
        BreakerConfig config = command.guard.controls().config().breaker();
        if (config.forceOpen() || config.forceClosed()) {
            return config.forceOpen();
        }
        HystrixCircuitBreaker breaker = command.injected.breaker;
        return breaker != null ? breaker.isOpen() : command.guard.controls().circuitBreaker().state() == CircuitState.OPEN;
    }

    /**
     * Takes a permit of the fallback semaphore given to {@code command}: the semaphore (to release once
     * the fallback ends), or null when none was given.
     *
     * @throws FallbackRejectedException when the given semaphore has no permit (FALLBACK_REJECTION)
     */
    static TryableSemaphore takeFallbackPermit(AbstractCommand<?> command) {
        TryableSemaphore given = command.injected == null ? null : command.injected.fallbackSemaphore;
        if (given == null) {
            return null;
        }
        if (!given.tryAcquire()) {
            throw new FallbackRejectedException("the fallback semaphore given to " + command.getCommandKey().name() + " is full");
        }
        return given;
    }

    /** Hands {@code command} over to its guard's admissions on this thread until the handover is closed. */
    static Handover handOver(AbstractCommand<?> command) {
        if (command.injected == null) {
            return Handover.NONE;
        }
        Handover handover = new Handover(STARTING.get());
        STARTING.set(command);
        return handover;
    }

    /** The instance of {@code key} being started on this thread, or null. */
    static AbstractCommand<?> starting(String key) {
        AbstractCommand<?> command = STARTING.get();
        return command != null && command.getCommandKey().name().equals(key) ? command : null;
    }

    /** Ends a handover: the thread's previous starting instance (a command started inside another) is back. */
    static final class Handover implements AutoCloseable {
        static final Handover NONE = new Handover(null);
        private final AbstractCommand<?> previous;

        private Handover(AbstractCommand<?> previous) {
            this.previous = previous;
        }

        @Override
        public void close() {
            if (this == NONE) {
                return;
            }
            InjectedPool.clear();
            if (previous == null) {
                STARTING.remove();
            } else {
                STARTING.set(previous);
            }
        }
    }

    /** The injected breaker's say before each execution, and the outcome reported back to it. */
    private static final class BreakerAdmission implements Admission {
        private final String key;
        /** The guard's own breaker, set once the guard is built (before its first call). */
        volatile CircuitBreakerView keysOwn;

        BreakerAdmission(String key) {
            this.key = key;
        }

        @Override
        public Object enter(long nowNanos) {
            AbstractCommand<?> command = starting(key);
            if (command == null || command.injected.breaker == null) {
                CircuitBreakerView own = keysOwn;
                return own == null || own.state() != CircuitState.OPEN ? PASS : null;
            }
            return command.injected.breaker.attemptExecution() ? command.injected.breaker : null;
        }

        @Override
        public EventType refusal() {
            return EventType.SHORT_CIRCUITED;
        }

        @Override
        public void exit(Object permit, EventType event, long executionNanos, long nowNanos) {
            if (permit instanceof HystrixCircuitBreaker breaker) {
                if (event == EventType.SUCCESS) {
                    breaker.markSuccess();
                } else {
                    breaker.markNonSuccess();
                }
            }
        }
    }

    /** The injected execution semaphore under SEMAPHORE isolation: one permit per run, held until it ends. */
    private record SemaphoreAdmission(String key) implements Admission {
        @Override
        public Object enter(long nowNanos) {
            AbstractCommand<?> command = starting(key);
            TryableSemaphore semaphore = command == null ? null : command.injected.executionSemaphore;
            if (semaphore == null || command.guard.controls().isolationStrategy() != IsolationStrategy.SEMAPHORE) {
                return PASS;
            }
            return semaphore.tryAcquire() ? semaphore : null;
        }

        @Override
        public EventType refusal() {
            return EventType.SEMAPHORE_REJECTED;
        }

        @Override
        public void exit(Object permit, EventType event, long executionNanos, long nowNanos) {
            if (permit instanceof TryableSemaphore semaphore) {
                semaphore.release();
            }
        }

        @Override
        public Hold hold() {
            return Hold.UNTIL_WORK_ENDS;
        }
    }
}
