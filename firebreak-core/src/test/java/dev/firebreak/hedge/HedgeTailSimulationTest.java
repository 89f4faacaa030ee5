package dev.firebreak.hedge;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.testkit.ManualClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * The tail experiment in miniature, on the manual clock (deterministic, no sockets): an open-loop
 * stream of calls, one per millisecond, to a downstream with lognormal latency (median 10 ms) where 2 %
 * of calls are 10 times slower. Without hedging the p99 is a slow call; hedging at the guard's own p95
 * under a 5 % budget answers the slow ones from a hedge. The figures are printed; the assertions are
 * the bounds this model reaches (the lab's goal is a 5x cut at <= 1.05 calls per request, out of reach
 * for any spread: see docs/results/hedge/README.md).
 */
class HedgeTailSimulationTest {

    private static final long MS = 1_000_000L;
    private static final int CALLS = 20_000;

    record Figures(double p50Ms, double p99Ms, double callsPerRequest) {
    }

    private Figures run(boolean hedged, boolean budget, double sigma) {
        ManualClock clock = new ManualClock(123 * MS);
        GuardRegistry registry = GuardRegistry.builder().clock(clock).build();
        Guard guard = registry.guard("tail").isolation(Isolation.semaphore(100_000)).timeout(Duration.ofSeconds(10))
                .configure(c -> c.circuitBreakerEnabled(false).interruptOnCancel(true)).build();
        Hedge hedge = Hedge.named("tail").through(guard).hedgeExecutor(Runnable::run)
                .configure(c -> c.percentile(95).maxHedges(1).budgetEnabled(budget).budgetPercent(5).budgetMinPerSecond(0))
                .build();
        Random random = new Random(42);
        AtomicLong downstreamCalls = new AtomicLong();
        Supplier<CompletableFuture<String>> downstream = () -> {
            downstreamCalls.incrementAndGet();
            double millis = 10 * Math.exp(sigma * random.nextGaussian()) * (random.nextDouble() < 0.02 ? 10 : 1);
            CompletableFuture<String> answer = new CompletableFuture<>();
            clock.schedule((long) (millis * MS), () -> answer.complete("ok"));
            return answer;
        };
        List<Long> latencies = Collections.synchronizedList(new ArrayList<>());
        for (int i = 0; i < CALLS; i++) {
            long start = clock.read();
            CompletableFuture<String> call = hedged ? hedge.submitAsync(Idempotent.stage(downstream))
                    : guard.submitAsync(downstream);
            call.whenComplete((v, e) -> latencies.add(clock.read() - start));
            clock.advance(1 * MS);
        }
        clock.advance(2_000 * MS);
        assertThat(latencies).hasSize(CALLS);
        List<Long> sorted = new ArrayList<>(latencies.subList(CALLS / 10, CALLS)); // after the percentile warms up
        Collections.sort(sorted);
        double p50 = sorted.get((int) Math.ceil(0.50 * sorted.size()) - 1) / 1e6;
        double p99 = sorted.get((int) Math.ceil(0.99 * sorted.size()) - 1) / 1e6;
        return new Figures(p50, p99, downstreamCalls.get() / (double) CALLS);
    }

    @Test
    void hedgingAtTheP95CutsTheTailWithinItsBudget() {
        Figures none = run(false, false, 0.3);
        Figures unbudgeted = run(true, false, 0.3);
        Figures budgeted = run(true, true, 0.3);
        System.out.printf("tail model: none %s%nhedge p95 without budget %s%nhedge p95 with 5%% budget %s%n",
                none, unbudgeted, budgeted);
        assertThat(none.p99Ms()).isGreaterThan(80); // a slow call
        assertThat(budgeted.callsPerRequest()).isLessThanOrEqualTo(1.05);
        assertThat(budgeted.p99Ms()).isLessThan(none.p99Ms() / 3);
        assertThat(unbudgeted.p99Ms()).isLessThan(none.p99Ms() / 3);
    }

    /**
     * The lab's spread (sigma 0.1): one hedge at the p95 ends a slow call no earlier than the p95 plus a
     * fresh call, so the cut stays under {@code 10 / (1 + exp(1.88 * sigma))} = 4.53x, short of 5x.
     */
    @Test
    void aNarrowerSpreadCutsDeeperButNotFiveTimes() {
        Figures none = run(false, false, 0.1);
        Figures budgeted = run(true, true, 0.1);
        double cut = none.p99Ms() / budgeted.p99Ms();
        System.out.printf("tail model, sigma 0.1: none %s%nhedge p95 with 5%% budget %s (cut %.2fx)%n", none, budgeted, cut);
        assertThat(budgeted.callsPerRequest()).isLessThanOrEqualTo(1.05);
        assertThat(cut).isGreaterThan(4.0).isLessThan(5.0);
    }
}
