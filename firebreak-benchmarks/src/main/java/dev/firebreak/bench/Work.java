package dev.firebreak.bench;

import org.openjdk.jmh.infra.Blackhole;

/**
 * The body every subject protects: nothing at all, or {@code Blackhole.consumeCPU(100)} (the body of
 * Resilience4j's and fusebox's published benchmarks). It returns {@link #VALUE}, so a benchmark can
 * tell a real answer from a fallback's {@link #FALLBACK}.
 */
@FunctionalInterface
public interface Work {

    /** What a body returns. */
    long VALUE = 1L;

    /** What a fallback returns. */
    long FALLBACK = 0L;

    /** Runs the body. */
    long run();

    /** The body named {@code name}: {@code empty} or {@code cpu100}. */
    static Work named(String name) {
        return switch (name) {
            case "empty" -> () -> VALUE;
            case "cpu100" -> () -> {
                Blackhole.consumeCPU(100);
                return VALUE;
            };
            default -> throw new IllegalArgumentException("unknown body '" + name + "' (empty, cpu100)");
        };
    }
}
