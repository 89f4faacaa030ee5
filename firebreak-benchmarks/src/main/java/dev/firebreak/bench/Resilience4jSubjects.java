package dev.firebreak.bench;

import dev.firebreak.time.Ticker;
import io.github.resilience4j.bulkhead.Bulkhead;
import io.github.resilience4j.bulkhead.BulkheadConfig;
import io.github.resilience4j.bulkhead.BulkheadFullException;
import io.github.resilience4j.circuitbreaker.CallNotPermittedException;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import io.github.resilience4j.timelimiter.TimeLimiter;
import io.github.resilience4j.timelimiter.TimeLimiterConfig;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * Resilience4j 2.x subjects, decorated once at setup (as its own benchmarks do): a default
 * CircuitBreaker around a SemaphoreBulkhead of 10, optionally around a TimeLimiter (1 s) waiting on a
 * fixed pool of 10 threads (Hystrix's default pool size). Resilience4j's order: CircuitBreaker
 * outside, Bulkhead inside.
 */
final class Resilience4jSubjects {

    private Resilience4jSubjects() {
    }

    /** CircuitBreaker + Bulkhead around the body, on the caller's thread. */
    static Subject cbBulkhead(Work work) throws Exception {
        Supplier<Long> decorated = CircuitBreaker.decorateSupplier(CircuitBreaker.ofDefaults("bench"),
                Bulkhead.decorateSupplier(bulkhead(10), work::run));
        return Subject.verified(decorated::get, Work.VALUE, "r4j-cb-bulkhead");
    }

    /**
     * CircuitBreaker + Bulkhead as {@link #cbBulkhead}, the breaker timing calls with Firebreak's coarse
     * clock ({@code Ticker.system().readCoarse()}) instead of its default, the JVM's {@code nanoTime()}:
     * the same clock as Firebreak's SEMAPHORE guard with latency percentiles off, so the two compare the
     * guards' own work, the precise clock's two readings per call set aside. Not a configuration any goal
     * compares with.
     */
    static Subject cbBulkheadCoarseClock(Work work) throws Exception {
        Ticker clock = Ticker.system();
        CircuitBreaker breaker = CircuitBreaker.of("bench", CircuitBreakerConfig.custom()
                .currentTimestampFunction(ignored -> clock.readCoarse(), TimeUnit.NANOSECONDS).build());
        Supplier<Long> decorated = CircuitBreaker.decorateSupplier(breaker, Bulkhead.decorateSupplier(bulkhead(10), work::run));
        return Subject.verified(decorated::get, Work.VALUE, "r4j-cb-bulkhead-coarse");
    }

    /** CircuitBreaker + Bulkhead + TimeLimiter: the body runs on a pool thread, the caller waits with a deadline. */
    static Subject cbBulkheadTimeLimiter(Work work) throws Exception {
        ExecutorService executor = Executors.newFixedThreadPool(10);
        Callable<Long> body = work::run;
        Callable<Long> limited = TimeLimiter.decorateFutureSupplier(TimeLimiter.of(Duration.ofSeconds(1)),
                () -> executor.submit(body));
        Callable<Long> decorated = CircuitBreaker.decorateCallable(CircuitBreaker.ofDefaults("bench"),
                Bulkhead.decorateCallable(bulkhead(10), limited));
        return Subject.verified(closing(decorated, executor), Work.VALUE, "r4j-cb-bulkhead-timelimiter");
    }

    /**
     * A forced-open CircuitBreaker: CallNotPermittedException, caught for the fallback (what
     * {@code Decorators.withFallback} does). {@code stackTraces} is the breaker's
     * {@code writableStackTraceEnabled} (default true).
     */
    static Subject shortCircuited(boolean stackTraces) throws Exception {
        CircuitBreaker breaker = CircuitBreaker.of("bench",
                CircuitBreakerConfig.custom().writableStackTraceEnabled(stackTraces).build());
        breaker.transitionToForcedOpenState();
        Supplier<Long> decorated = CircuitBreaker.decorateSupplier(breaker,
                Bulkhead.decorateSupplier(bulkhead(10), () -> Work.VALUE));
        Subject subject = () -> {
            try {
                return decorated.get();
            } catch (CallNotPermittedException open) {
                return Work.FALLBACK;
            }
        };
        return Subject.verified(subject, Work.FALLBACK, "r4j short-circuited");
    }

    /**
     * A full Bulkhead (its one permit taken at setup): BulkheadFullException, caught for the fallback.
     * No CircuitBreaker around it: the rejections would open it.
     */
    static Subject rejected(boolean stackTraces) throws Exception {
        Bulkhead bulkhead = Bulkhead.of("bench", BulkheadConfig.custom().maxConcurrentCalls(1)
                .maxWaitDuration(Duration.ZERO).writableStackTraceEnabled(stackTraces).build());
        if (!bulkhead.tryAcquirePermission()) {
            throw new IllegalStateException("could not take the bulkhead's only permit");
        }
        Supplier<Long> decorated = Bulkhead.decorateSupplier(bulkhead, () -> Work.VALUE);
        Subject subject = () -> {
            try {
                return decorated.get();
            } catch (BulkheadFullException full) {
                return Work.FALLBACK;
            }
        };
        return Subject.verified(subject, Work.FALLBACK, "r4j rejected");
    }

    /** A TimeLimiter whose call sleeps past the deadline: the caller gets a TimeoutException at the deadline. */
    static Subject timingOut(Duration timeout, Duration sleep) throws Exception {
        ExecutorService executor = Executors.newFixedThreadPool(10);
        long sleepMillis = sleep.toMillis();
        Callable<Long> body = () -> {
            Thread.sleep(sleepMillis);
            return Work.VALUE;
        };
        TimeLimiter limiter = TimeLimiter.of(TimeLimiterConfig.custom().timeoutDuration(timeout)
                .cancelRunningFuture(true).build());
        Callable<Long> limited = TimeLimiter.decorateFutureSupplier(limiter, () -> executor.submit(body));
        Callable<Long> withFallback = () -> {
            try {
                return limited.call();
            } catch (TimeoutException late) {
                return Work.FALLBACK;
            }
        };
        return Subject.verified(closing(withFallback, executor), Work.FALLBACK, "r4j timelimiter timing out");
    }

    private static Bulkhead bulkhead(int permits) {
        return Bulkhead.of("bench", BulkheadConfig.custom().maxConcurrentCalls(permits).maxWaitDuration(Duration.ZERO).build());
    }

    private static Subject closing(Callable<Long> call, ExecutorService executor) {
        return new Subject() {
            @Override
            public long call() throws Exception {
                return call.call();
            }

            @Override
            public void close() {
                Pools.stop(executor);
            }
        };
    }
}
