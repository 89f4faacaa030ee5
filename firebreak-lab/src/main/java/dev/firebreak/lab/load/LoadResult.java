package dev.firebreak.lab.load;

/**
 * The outcome of one load run.
 *
 * @param loop the loop's label
 * @param latency the measured window's figures
 * @param issued requests sent in total (warm-up included)
 * @param drained true if every answer arrived within the drain bound
 */
public record LoadResult(String loop, LatencySummary latency, long issued, boolean drained) {
}
