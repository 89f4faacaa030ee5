package dev.firebreak.bench;

import dev.failsafe.Bulkhead;
import dev.failsafe.CircuitBreaker;
import dev.failsafe.Failsafe;
import dev.failsafe.FailsafeExecutor;
import dev.failsafe.Fallback;
import dev.failsafe.function.CheckedSupplier;
import java.time.Duration;

/**
 * Failsafe 3.x subjects: a default CircuitBreaker outside a Bulkhead of 10 (no wait), the executor
 * built once at setup; failure paths add a Fallback outermost.
 */
final class FailsafeSubjects {

    private FailsafeSubjects() {
    }

    /** CircuitBreaker + Bulkhead around the body, on the caller's thread. */
    static Subject cbBulkhead(Work work) throws Exception {
        FailsafeExecutor<Long> executor = Failsafe.with(CircuitBreaker.<Long>ofDefaults(), Bulkhead.<Long>of(10));
        CheckedSupplier<Long> body = work::run;
        return Subject.verified(() -> executor.get(body), Work.VALUE, "failsafe-cb-bulkhead");
    }

    /** An opened CircuitBreaker (delay one hour): CircuitBreakerOpenException, then the Fallback. */
    static Subject shortCircuited() throws Exception {
        CircuitBreaker<Long> breaker = CircuitBreaker.<Long>builder().withDelay(Duration.ofHours(1)).build();
        breaker.open();
        FailsafeExecutor<Long> executor = Failsafe.with(Fallback.of(Work.FALLBACK), breaker, Bulkhead.<Long>of(10));
        CheckedSupplier<Long> body = () -> Work.VALUE;
        return Subject.verified(() -> executor.get(body), Work.FALLBACK, "failsafe short-circuited");
    }

    /** A full Bulkhead (its one permit taken at setup): BulkheadFullException, then the Fallback; no breaker. */
    static Subject rejected() throws Exception {
        Bulkhead<Long> bulkhead = Bulkhead.<Long>of(1);
        if (!bulkhead.tryAcquirePermit()) {
            throw new IllegalStateException("could not take the bulkhead's only permit");
        }
        FailsafeExecutor<Long> executor = Failsafe.with(Fallback.of(Work.FALLBACK), bulkhead);
        CheckedSupplier<Long> body = () -> Work.VALUE;
        return Subject.verified(() -> executor.get(body), Work.FALLBACK, "failsafe rejected");
    }
}
