package dev.firebreak.lab.demo;

import dev.firebreak.time.Scheduler;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.DoubleSupplier;

/**
 * A pretend remote service: each call answers after a random latency, measured on the registry's
 * {@link Scheduler} (no sleeping thread), and fails with a probability that may change over time.
 */
final class SimulatedDownstream {

    private final String name;
    private final Scheduler scheduler;
    private final int minMillis;
    private final int maxMillis;
    private final DoubleSupplier failureProbability;

    /**
     * @param minMillis shortest latency
     * @param maxMillis longest latency (latencies are skewed towards the short end)
     * @param failureProbability read at each call: 0 never fails, 1 always fails
     */
    SimulatedDownstream(String name, Scheduler scheduler, int minMillis, int maxMillis, DoubleSupplier failureProbability) {
        this.name = name;
        this.scheduler = scheduler;
        this.minMillis = minMillis;
        this.maxMillis = maxMillis;
        this.failureProbability = failureProbability;
    }

    /** Starts one call; the stage completes (or fails) after the simulated latency. */
    <T> CompletableFuture<T> call(T answer) {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        double skew = random.nextDouble() * random.nextDouble();
        long latencyNanos = (long) ((minMillis + skew * (maxMillis - minMillis)) * 1_000_000L);
        boolean fails = random.nextDouble() < failureProbability.getAsDouble();
        CompletableFuture<T> response = new CompletableFuture<>();
        scheduler.schedule(latencyNanos, () -> {
            if (fails) {
                response.completeExceptionally(new IllegalStateException(name + " answered 503"));
            } else {
                response.complete(answer);
            }
        });
        return response;
    }
}
