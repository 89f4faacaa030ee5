package dev.firebreak.retry;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.testkit.ManualClock;
import java.time.Duration;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * The brownout experiment in miniature, on the manual clock (deterministic, no sockets): an open-loop
 * stream of 200 calls per second to a downstream that answers in 5 ms and fails 10 % of calls
 * (transient), then every call (outage). Retries without a budget triple the load in the outage;
 * with the default budget (10 % + 5/s over 10 s) they stay near 1.1 calls per request and keep the
 * transient phase's success rate. The breaker is off so that only the policy limits the load. The
 * issue's goal (at most 1.1 calls per request in the outage) holds for the fraction alone; the
 * default minimum (5 retries per second) adds 5/rate on top: 0.025 at 200 calls per second.
 */
class RetryBrownoutSimulationTest {

    private static final long MS = 1_000_000L;

    record Phase(double successRate, double callsPerRequest) {
    }

    private Phase run(Consumer<RetryConfig.Builder> budget, double failureRate, Random random) {
        ManualClock clock = new ManualClock();
        GuardRegistry registry = GuardRegistry.builder().clock(clock).build();
        Guard guard = registry.guard("brownout").isolation(Isolation.semaphore(100_000)).timeout(Duration.ofSeconds(1))
                .configure(c -> c.breaker(cb -> cb.enabled(false))).build();
        Retry retry = Retry.named("brownout").through(guard).attemptExecutor(Runnable::run)
                .configure(c -> c.maxAttempts(3)).configure(budget).build();
        AtomicLong downstreamCalls = new AtomicLong();
        AtomicLong successes = new AtomicLong();
        Supplier<CompletableFuture<String>> downstream = () -> {
            downstreamCalls.incrementAndGet();
            boolean fails = random.nextDouble() < failureRate;
            CompletableFuture<String> answer = new CompletableFuture<>();
            clock.schedule(5 * MS, () -> {
                if (fails) {
                    answer.completeExceptionally(new IllegalStateException("503"));
                } else {
                    answer.complete("ok");
                }
            });
            return answer;
        };
        int calls = 6_000; // 30 s at 200/s: three budget windows
        for (int i = 0; i < calls; i++) {
            retry.submitAsync(downstream).thenRun(successes::incrementAndGet);
            clock.advance(5 * MS);
        }
        clock.advance(10_000 * MS);
        return new Phase(successes.get() / (double) calls, downstreamCalls.get() / (double) calls);
    }

    @Test
    void theBudgetKeepsAnOutageNearOneCallPerRequestAndTheTransientSuccessRate() {
        Consumer<RetryConfig.Builder> off = c -> c.budgetEnabled(false);
        Consumer<RetryConfig.Builder> defaults = c -> { };
        Consumer<RetryConfig.Builder> noMinimum = c -> c.budgetMinPerSecond(0);
        Phase transientFree = run(off, 0.10, new Random(7));
        Phase transientBudget = run(defaults, 0.10, new Random(7));
        Phase outageFree = run(off, 1.0, new Random(7));
        Phase outageBudget = run(defaults, 1.0, new Random(7));
        Phase outageNoMinimum = run(noMinimum, 1.0, new Random(7));
        System.out.printf("brownout model: transient without budget %s, with budget %s%n"
                + "outage without budget %s, with budget %s, with budget and no minimum %s%n",
                transientFree, transientBudget, outageFree, outageBudget, outageNoMinimum);
        assertThat(outageFree.callsPerRequest()).isEqualTo(3.0);
        // the bound is 1 + percent/100 + minPerSecond/rate: 1.125 at 200/s with the defaults (10 %, 5/s)
        assertThat(outageBudget.callsPerRequest()).isLessThanOrEqualTo(1.0 + 0.10 + 5.0 / 200);
        assertThat(outageNoMinimum.callsPerRequest()).isLessThanOrEqualTo(1.10);
        assertThat(transientBudget.successRate()).isGreaterThanOrEqualTo(transientFree.successRate() - 0.005);
        assertThat(transientFree.successRate()).isGreaterThan(0.99);
    }
}
