package dev.firebreak.retry;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.testkit.ManualClock;
import java.time.Duration;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * The brownout experiment in miniature, on the manual clock (deterministic, no sockets): an open-loop
 * stream of 200 calls per second, 3 attempts per call, to a downstream that answers in 5 ms and fails
 * 0 % (ok), then 10 % (transient), then every call (outage), then 0 % again (recovery), one policy
 * through all four phases as in the lab. The breaker is off so that only the policy limits the load.
 *
 * <p>The two goals pull apart for a budget alone: 10 % transient failures need 0.1 + 0.01 retries per
 * call for the unbudgeted success rate, so a budget of 10 % cannot keep it, and a budget above 11 %
 * lets an outage through above 1.1 calls per request. The throttle separates them: in the outage its
 * count (20 tokens) drains after 10 failed attempts and retries stop, whatever the budget; in the
 * transient phase a 10 % failure rate keeps it above half (with 10 tokens its random dips would refuse
 * a few retries), and the 20 % budget has room for the 0.11.
 */
class RetryBrownoutSimulationTest {

    private static final long MS = 1_000_000L;
    private static final double[] PHASES = {0.0, 0.10, 1.0, 0.0}; // ok, transient, outage, recovery
    private static final int CALLS_PER_PHASE = 4_000; // 20 s per phase at 200/s: two budget windows

    record Phase(double successRate, double callsPerRequest) {
    }

    private Phase[] run(Consumer<RetryConfig.Builder> policy, long seed) {
        ManualClock clock = new ManualClock();
        GuardRegistry registry = GuardRegistry.builder().clock(clock).build();
        Guard guard = registry.guard("brownout").isolation(Isolation.semaphore(100_000)).timeout(Duration.ofSeconds(1))
                .configure(c -> c.breaker(cb -> cb.enabled(false))).build();
        Retry retry = Retry.named("brownout").through(guard).attemptExecutor(Runnable::run)
                .configure(c -> c.maxAttempts(3)).configure(policy).build();
        Random random = new Random(seed);
        AtomicLongArray downstreamCalls = new AtomicLongArray(PHASES.length);
        AtomicLongArray successes = new AtomicLongArray(PHASES.length);
        for (int i = 0; i < PHASES.length * CALLS_PER_PHASE; i++) {
            int requestPhase = i / CALLS_PER_PHASE;
            Supplier<CompletableFuture<String>> downstream = () -> {
                downstreamCalls.incrementAndGet(requestPhase);
                boolean fails = random.nextDouble() < PHASES[requestPhase];
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
            retry.submitAsync(downstream).thenRun(() -> successes.incrementAndGet(requestPhase));
            clock.advance(5 * MS);
        }
        clock.advance(10_000 * MS);
        Phase[] phases = new Phase[PHASES.length];
        for (int p = 0; p < PHASES.length; p++) {
            phases[p] = new Phase(successes.get(p) / (double) CALLS_PER_PHASE,
                    downstreamCalls.get(p) / (double) CALLS_PER_PHASE);
        }
        return phases;
    }

    @Test
    void theThrottleMeetsTheOutageGoalAndTheTwentyPercentBudgetKeepsTheTransientSuccessRate() {
        Consumer<RetryConfig.Builder> unlimited = c -> c.budgetEnabled(false).throttleEnabled(false);
        Consumer<RetryConfig.Builder> defaults = c -> { };
        Consumer<RetryConfig.Builder> oldBudgetOnly = c -> c.budgetPercent(10).throttleEnabled(false);
        Consumer<RetryConfig.Builder> budgetOnly = c -> c.throttleEnabled(false);
        Consumer<RetryConfig.Builder> tenTokens = c -> c.throttleMaxTokens(10);
        Phase[] free = run(unlimited, 7);
        Phase[] both = run(defaults, 7);
        Phase[] tenPercent = run(oldBudgetOnly, 7);
        Phase[] twentyPercent = run(budgetOnly, 7);
        Phase[] smallThrottle = run(tenTokens, 7);
        System.out.printf("brownout model (ok, transient, outage, recovery):%n unlimited %s%n"
                + " throttle (20 tokens) + 20 %% budget %s%n 10 %% budget alone %s%n 20 %% budget alone %s%n"
                + " throttle (10 tokens) + 20 %% budget %s%n",
                java.util.Arrays.toString(free), java.util.Arrays.toString(both),
                java.util.Arrays.toString(tenPercent), java.util.Arrays.toString(twentyPercent),
                java.util.Arrays.toString(smallThrottle));

        assertThat(free[2].callsPerRequest()).isEqualTo(3.0);
        // outage: the throttle drains after 10 failed attempts, so retries stop almost at once
        assertThat(both[2].callsPerRequest()).isLessThanOrEqualTo(1.01);
        assertThat(both[2].callsPerRequest()).isLessThanOrEqualTo(1.10);
        // transient: the same success rate as unlimited retries, within the model's noise
        assertThat(free[1].successRate()).isGreaterThan(0.99);
        assertThat(both[1].successRate()).isGreaterThanOrEqualTo(free[1].successRate() - 0.002);
        // recovery and ok: nothing lost either way
        assertThat(both[0].successRate()).isEqualTo(1.0);
        assertThat(both[3].successRate()).isEqualTo(1.0);
        // a budget alone: at 10 % it keeps an outage at 1.1 but loses transient successes; at 20 % the reverse
        assertThat(tenPercent[2].callsPerRequest()).isLessThanOrEqualTo(1.10);
        assertThat(tenPercent[1].successRate()).isLessThan(free[1].successRate() - 0.002);
        assertThat(twentyPercent[2].callsPerRequest()).isGreaterThan(1.10);
        // gRPC's shape with 10 tokens: its random dips below half refuse some transient retries
        assertThat(smallThrottle[2].callsPerRequest()).isLessThanOrEqualTo(1.01);
        assertThat(smallThrottle[1].successRate()).isLessThan(both[1].successRate());
    }
}
