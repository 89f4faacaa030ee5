package dev.firebreak.priority;

import dev.firebreak.context.Criticality;
import dev.firebreak.event.EventType;
import dev.firebreak.testkit.ManualClock;
import java.util.PriorityQueue;
import java.util.Random;

/**
 * A service of fixed concurrency {@code limit} behind a {@link PriorityGate} and a bulkhead of the same
 * limit, driven a millisecond at a time on a {@link ManualClock}: Poisson arrivals in the mix
 * (2 % CRITICAL_PLUS, 6 % CRITICAL, 22 % SHEDDABLE_PLUS, 70 % SHEDDABLE), each admitted call holding
 * its permit for a latency drawn uniformly from [base/2, 3 base/2]. Deterministic for a seed but for
 * the gate's own sub-level draws.
 */
final class OverloadSim {

    static final double[] MIX = {0.02, 0.06, 0.22, 0.70};
    private static final long MS = 1_000_000L;

    final ManualClock clock = new ManualClock();
    final PriorityGate gate;
    private final Random random;
    private final long baseLatencyMs;
    private final PriorityQueue<long[]> running = new PriorityQueue<>((a, b) -> Long.compare(a[0], b[0]));
    volatile int limit;
    int bulkheadInFlight;
    int maxInFlight;
    final long[] offered = new long[4];
    final long[] admitted = new long[4];

    OverloadSim(PriorityConfig config, int limit, long baseLatencyMs, long seed) {
        this.limit = limit;
        this.baseLatencyMs = baseLatencyMs;
        this.random = new Random(seed);
        this.gate = new PriorityGate(config, () -> this.limit, () -> 0, clock.read());
    }

    /** Calls per second the service completes at its limit. */
    double capacityRps() {
        return limit * 1000.0 / baseLatencyMs;
    }

    /** Offers {@code rps} for {@code millis}, counting offered and admitted per level from zero. */
    void run(double rps, long millis) {
        java.util.Arrays.fill(offered, 0);
        java.util.Arrays.fill(admitted, 0);
        double perMs = rps / 1000.0;
        for (long t = 0; t < millis; t++) {
            long now = clock.read();
            while (!running.isEmpty() && running.peek()[0] <= now) {
                long[] done = running.poll();
                bulkheadInFlight--;
                gate.exit(Criticality.values()[(int) done[1]], EventType.SUCCESS, done[2], now);
            }
            int arrivals = poisson(perMs);
            for (int i = 0; i < arrivals; i++) {
                Criticality level = pick();
                offered[level.ordinal()]++;
                Criticality before = Criticality.swap(level);
                Object permit;
                try {
                    permit = gate.enter(now);
                } finally {
                    Criticality.swap(before);
                }
                if (permit == null) {
                    continue;
                }
                if (bulkheadInFlight >= limit) {
                    gate.exit(permit, EventType.LIMIT_REJECTED, 0L, now);
                    continue;
                }
                bulkheadInFlight++;
                maxInFlight = Math.max(maxInFlight, gate.inFlight());
                admitted[level.ordinal()]++;
                long latency = (baseLatencyMs / 2 + (long) (random.nextDouble() * baseLatencyMs)) * MS;
                running.add(new long[] {now + latency, level.ordinal(), latency});
            }
            clock.advance(MS);
        }
    }

    double share(Criticality level) {
        return offered[level.ordinal()] == 0 ? 1.0 : (double) admitted[level.ordinal()] / offered[level.ordinal()];
    }

    double criticalShare() {
        long o = offered[0] + offered[1];
        return o == 0 ? 1.0 : (double) (admitted[0] + admitted[1]) / o;
    }

    double goodputRps(long millis) {
        long sum = 0;
        for (long a : admitted) {
            sum += a;
        }
        return sum * 1000.0 / millis;
    }

    private Criticality pick() {
        double u = random.nextDouble();
        double sum = 0;
        for (int o = 0; o < 4; o++) {
            sum += MIX[o];
            if (u < sum) {
                return Criticality.values()[o];
            }
        }
        return Criticality.SHEDDABLE;
    }

    private int poisson(double lambda) {
        double l = Math.exp(-lambda);
        int k = 0;
        double p = 1.0;
        do {
            k++;
            p *= random.nextDouble();
        } while (p > l);
        return k - 1;
    }

    String report(String step, long millis) {
        return String.format("%-6s thr=%3d admit=%.3f  C+ %.4f  C %.4f  S+ %.4f  S %.4f  goodput %.0f / %.0f rps  max %d",
                step, gate.threshold(), gate.admitFraction(), share(Criticality.CRITICAL_PLUS), share(Criticality.CRITICAL),
                share(Criticality.SHEDDABLE_PLUS), share(Criticality.SHEDDABLE), goodputRps(millis), capacityRps(), maxInFlight);
    }
}
