package dev.firebreak.bench;

import dev.firebreak.Fallback;
import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.GuardedCall;
import dev.firebreak.Isolation;
import dev.firebreak.isolation.GuardThreadPool;
import java.time.Duration;
import java.util.function.Consumer;

/**
 * Firebreak's subjects. Each lives in a registry of its own on the system clock, with the defaults
 * a user gets (breaker enabled, rolling metrics and percentiles on, 1 s timeout) unless a path needs
 * otherwise.
 */
final class FirebreakSubjects {

    private static final Fallback<Long> FALLBACK = failure -> Work.FALLBACK;

    private FirebreakSubjects() {
    }

    /** The success path under SEMAPHORE(10), VIRTUAL(100) or THREAD (Hystrix's default pool: 10 threads, no queue). */
    static Subject success(String isolation, Work work) throws Exception {
        Isolation chosen = switch (isolation) {
            case "semaphore" -> Isolation.semaphore(10);
            case "virtual" -> Isolation.virtualThreads(100);
            case "thread" -> Isolation.threadPool();
            default -> throw new IllegalArgumentException("unknown Firebreak isolation '" + isolation + "'");
        };
        Guard guard = GuardRegistry.builder().build().guard("bench").isolation(chosen).build();
        return Subject.verified(guarded(guard, work::run, null), Work.VALUE, "firebreak-" + isolation);
    }

    /**
     * The SEMAPHORE(10) success path with the latency percentiles off
     * ({@code metrics.rollingPercentile.enabled=false}, set through the config API): breaker and rolling
     * counters stay on, the features Resilience4j's circuit breaker and bulkhead have.
     */
    static Subject successNoPercentiles(Work work) throws Exception {
        Guard guard = semaphoreGuard(c -> c.metrics(m -> m.percentilesEnabled(false)), 10);
        return Subject.verified(guarded(guard, work::run, null), Work.VALUE, "firebreak-semaphore-nopct");
    }

    /** A call to a guard whose breaker is forced open: SHORT_CIRCUITED, then the fallback. */
    static Subject shortCircuited() throws Exception {
        Guard guard = semaphoreGuard(c -> c.breaker(cb -> cb.forceOpen(true)), 10);
        return Subject.verified(guarded(guard, () -> Work.VALUE, FALLBACK), Work.FALLBACK, "firebreak short-circuited");
    }

    /**
     * A call to a guard whose breaker is forced open, with no fallback: the caller catches the
     * ShortCircuitedException, whose stack trace is filled at the caller's site (unless
     * {@code -Dfirebreak.guardException.callerSite=false}): what the call site costs.
     */
    static Subject shortCircuitedThrown() throws Exception {
        Guard guard = semaphoreGuard(c -> c.breaker(cb -> cb.forceOpen(true)), 10);
        Subject thrown = () -> {
            try {
                return guard.execute(() -> Work.VALUE);
            } catch (dev.firebreak.ShortCircuitedException expected) {
                return Work.FALLBACK;
            }
        };
        return Subject.verified(thrown, Work.FALLBACK, "firebreak short-circuited, thrown to the caller");
    }

    /**
     * A call to a guard whose semaphore admits nobody: SEMAPHORE_REJECTED, then the fallback. The
     * breaker is forced closed so that the rejections (errors to it) do not turn the path into a
     * short circuit.
     */
    static Subject rejected() throws Exception {
        Guard guard = semaphoreGuard(c -> c.breaker(cb -> cb.forceClosed(true)), 0);
        return Subject.verified(guarded(guard, () -> Work.VALUE, FALLBACK), Work.FALLBACK, "firebreak rejected");
    }

    /**
     * A THREAD or VIRTUAL guard whose call outlives its deadline: the caller walks away at the timeout
     * (the call is interrupted if {@code interrupt}, the default). The breaker is forced closed: the
     * timeouts would open it.
     */
    static Subject timingOut(String isolation, boolean interrupt, Duration timeout, Duration sleep) throws Exception {
        Isolation chosen = isolation.equals("virtual") ? Isolation.virtualThreads(100) : Isolation.threadPool();
        Guard guard = GuardRegistry.builder().build().guard("bench").isolation(chosen).timeout(timeout)
                .configure(c -> c.breaker(cb -> cb.forceClosed(true)).timeout(to -> to.interruptOnTimeout(interrupt))).build();
        long sleepMillis = sleep.toMillis();
        return Subject.verified(guarded(guard, () -> {
            Thread.sleep(sleepMillis);
            return Work.VALUE;
        }, FALLBACK), Work.FALLBACK, "firebreak-" + isolation + " timing out");
    }

    private static Guard semaphoreGuard(Consumer<dev.firebreak.GuardConfig.Builder> change, int permits) {
        return GuardRegistry.builder().build().guard("bench").isolation(Isolation.semaphore(permits))
                .configure(change).build();
    }

    private static Subject guarded(Guard guard, GuardedCall<Long> call, Fallback<Long> fallback) {
        return new Subject() {
            @Override
            public long call() {
                return guard.execute(call, fallback);
            }

            @Override
            public void close() {
                GuardThreadPool pool = guard.controls().threadPool();
                if (pool != null) {
                    pool.shutdown();
                }
            }
        };
    }
}
