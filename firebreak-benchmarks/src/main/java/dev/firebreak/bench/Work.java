package dev.firebreak.bench;

import org.openjdk.jmh.infra.Blackhole;

/**
 * The body every subject protects: nothing at all, {@code Blackhole.consumeCPU(100)} (the body of
 * Resilience4j's and fusebox's published benchmarks, about 0.2 µs here), or
 * {@code Blackhole.consumeCPU(5000)}, the realistic row's body: about 10 µs of CPU work on this
 * machine (consumeCPU is linear in its tokens; the direct call's row gives the exact time of each
 * run). It returns {@link #VALUE}, so a benchmark can tell a real answer from a fallback's
 * {@link #FALLBACK}.
 */
@FunctionalInterface
public interface Work {

    /** What a body returns. */
    long VALUE = 1L;

    /** What a fallback returns. */
    long FALLBACK = 0L;

    /** Runs the body. */
    long run();

    /** Tokens of {@code Blackhole.consumeCPU} in the realistic body: about 10 µs on this machine (cpu100 took 190 ns). */
    long REALISTIC_TOKENS = 5_000L;

    /** The body named {@code name}: {@code empty}, {@code cpu100} or {@code cpu5000}. */
    static Work named(String name) {
        return switch (name) {
            case "empty" -> () -> VALUE;
            case "cpu100" -> () -> {
                Blackhole.consumeCPU(100);
                return VALUE;
            };
            case "cpu5000" -> () -> {
                Blackhole.consumeCPU(REALISTIC_TOKENS);
                return VALUE;
            };
            default -> throw new IllegalArgumentException("unknown body '" + name + "' (empty, cpu100, cpu5000)");
        };
    }
}
