package dev.firebreak.lab.experiment.overload;

import dev.firebreak.lab.cli.ExperimentOptions;
import dev.firebreak.lab.cli.OptionValues;
import dev.firebreak.lab.cli.QuickDefault;
import dev.firebreak.lab.cli.Range;
import dev.firebreak.lab.cli.UsageException;
import java.time.Duration;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * The options of {@code ./firebreak lab overload}, each declared once. The defaults keep the plain
 * command within 3 minutes on 2 cores; {@code --quick} keeps every variant and phase with short windows.
 */
public final class OverloadSettings extends ExperimentOptions {

    @Option(names = "--variants", paramLabel = "LIST", completionCandidates = OverloadVariant.Labels.class,
            description = "comma-separated, default all: ${COMPLETION-CANDIDATES}")
    private String variantList;

    @Option(names = "--capacity", paramLabel = "C", defaultValue = "40", description = "requests the downstream serves at once")
    @Range(min = 2, max = 1000)
    private int capacity;

    @Option(names = "--latency-ms", paramLabel = "MS", defaultValue = "200", description = "the downstream's base latency (service time)")
    @Range(min = 5, max = 10_000)
    private int latencyMillis;

    @Option(names = "--timeout-ms", paramLabel = "MS", defaultValue = "1000",
            description = "every variant's HTTP client timeout, and the Firebreak guards' timeout")
    @Range(min = 10, max = 60_000)
    private int timeoutMillis;

    @Option(names = "--warmup-s", paramLabel = "S", defaultValue = "0.7",
            description = "the JVM warm-up: every variant at a quarter of the capacity, unreported, seconds each")
    @QuickDefault("0.3")
    @Range(min = 0, max = 600)
    private double warmupSeconds;

    @Option(names = "--calibrate-s", paramLabel = "S", defaultValue = "1.5",
            description = "the unprotected run at half the capacity that seed 003's sizes are computed from, seconds")
    @QuickDefault("0.4")
    @Range(min = 0.2, max = 600)
    private double calibrateSeconds;

    @Option(names = "--step-s", paramLabel = "S", defaultValue = "1", description = "each load step's reported window, seconds")
    @QuickDefault("0.25")
    @Range(min = 0.1, max = 600)
    private double stepSeconds;

    @Option(names = "--step-lead-s", paramLabel = "S", defaultValue = "0.5", description = "each load step's unreported lead-in, seconds")
    @QuickDefault("0.1")
    @Range(min = 0, max = 600)
    private double stepLeadSeconds;

    @Option(names = "--change-load", paramLabel = "X", defaultValue = "1.5",
            description = "the capacity-change run's offered load, as a multiple of the full capacity")
    @Range(min = 0.1, max = 50)
    private double changeLoad;

    @Option(names = "--base-s", paramLabel = "S", defaultValue = "2", description = "the change run's unreported stretch at full capacity, seconds")
    @QuickDefault("0.2")
    @Range(min = 0.1, max = 600)
    private double baseSeconds;

    @Option(names = "--drop-s", paramLabel = "S", defaultValue = "6", description = "how long the capacity stays halved, seconds")
    @QuickDefault("1.2")
    @Range(min = 0.2, max = 600)
    private double dropSeconds;

    @Option(names = "--recover-s", paramLabel = "S", defaultValue = "3.5", description = "the change run after the capacity came back, seconds")
    @QuickDefault("1.2")
    @Range(min = 0.2, max = 600)
    private double recoverSeconds;

    @Option(names = "--hold-s", paramLabel = "S", defaultValue = "1",
            description = "settled: the limit stays within 10 percent of its final value (its mean over the phase's last S) for S")
    @QuickDefault("0.4")
    @Range(min = 0.05, max = 60)
    private double holdSeconds;

    @Option(names = "--initial-limit", paramLabel = "N", defaultValue = "0",
            description = "the adaptive limits' starting value; 0: seed 003's Little's-law size, the static limits' size")
    @Range(min = 0, max = 10_000)
    private int initialLimit;

    @Option(names = "--min-limit", paramLabel = "N", defaultValue = "5", description = "the adaptive limits' floor")
    @Range(min = 1, max = 10_000)
    private int minLimit;

    @Option(names = "--max-limit", paramLabel = "N", defaultValue = "200", description = "the adaptive limits' ceiling")
    @Range(min = 1, max = 10_000)
    private int maxLimit;

    @Option(names = "--aimd-threshold", paramLabel = "X", defaultValue = "1.5",
            description = "Firebreak AIMD's latency threshold (limit.aimd.latencyThresholdInMilliseconds) as a multiple of the base "
                    + "latency, 0 for none: an answer slower than this is a drop")
    @Range(min = 0, max = 50)
    private double aimdThreshold;

    private List<OverloadVariant> variants;

    @Override
    protected void resolve() throws UsageException {
        variants = OptionValues.labels("--variants", variantList, OverloadVariant.labels()).stream().map(OverloadVariant::of).toList();
        if (minLimit > maxLimit) {
            throw new UsageException("--min-limit " + minLimit + " must not exceed --max-limit " + maxLimit);
        }
        if (initialLimit != 0 && (initialLimit < minLimit || initialLimit > maxLimit)) {
            throw new UsageException("--initial-limit must be between --min-limit " + minLimit + " and --max-limit " + maxLimit
                    + ", was '" + initialLimit + "'");
        }
    }

    /** The plan of one variant's two runs. */
    public OverloadPlan plan() {
        return OverloadPlan.of(nanos(stepLeadSeconds), nanos(stepSeconds), changeLoad, nanos(baseSeconds), nanos(dropSeconds),
                nanos(recoverSeconds));
    }

    /** The variants, in the order they run. */
    public List<OverloadVariant> variants() {
        return variants;
    }

    /** Requests the downstream serves at once at full capacity. */
    public int capacity() {
        return capacity;
    }

    /** The downstream's base latency. */
    public Duration latency() {
        return Duration.ofMillis(latencyMillis);
    }

    /** The full capacity in requests per second. */
    public double capacityRps() {
        return capacity * 1000.0 / latencyMillis;
    }

    /** Every variant's timeout. */
    public Duration timeout() {
        return Duration.ofMillis(timeoutMillis);
    }

    /** Each variant's share of the JVM warm-up. */
    public Duration warmup() {
        return Duration.ofNanos(nanos(warmupSeconds));
    }

    /** The calibration run's reported window. */
    public Duration calibrate() {
        return Duration.ofNanos(nanos(calibrateSeconds));
    }

    /** The settle rule's hold (and final-value span). */
    public Duration hold() {
        return Duration.ofNanos(nanos(holdSeconds));
    }

    /** The adaptive limits' starting value as given; 0: seed 003's size (see {@link #initialLimit(SeedSizing)}). */
    public int initialLimit() {
        return initialLimit;
    }

    /** The adaptive limits' starting value: {@code --initial-limit}, or seed 003's Little's-law size within the bounds. */
    public int initialLimit(SeedSizing sizing) {
        return initialLimit != 0 ? initialLimit : Math.clamp(sizing.coreSize(), minLimit, maxLimit);
    }

    /** The adaptive limits' floor. */
    public int minLimit() {
        return minLimit;
    }

    /** The adaptive limits' ceiling. */
    public int maxLimit() {
        return maxLimit;
    }

    /** Firebreak AIMD's latency threshold: {@code --aimd-threshold} x the base latency, whole milliseconds (zero: off). */
    public Duration aimdLatencyThreshold() {
        return Duration.ofMillis(Math.round(aimdThreshold * latencyMillis));
    }

    /** How long to wait for the last answers after a run: the timeout and a second. */
    public Duration drain() {
        return timeout().plusSeconds(1);
    }

    private static long nanos(double seconds) {
        return Math.round(seconds * 1e9);
    }
}
