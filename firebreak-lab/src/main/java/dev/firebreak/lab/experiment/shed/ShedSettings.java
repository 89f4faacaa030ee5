package dev.firebreak.lab.experiment.shed;

import dev.firebreak.lab.cli.ExperimentOptions;
import dev.firebreak.lab.cli.OptionValues;
import dev.firebreak.lab.cli.QuickDefault;
import dev.firebreak.lab.cli.Range;
import dev.firebreak.lab.cli.UsageException;
import dev.firebreak.lab.experiment.overload.OverloadPlan;
import dev.firebreak.lab.experiment.overload.Segment;
import dev.firebreak.lab.experiment.overload.SeedSizing;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * The options of {@code ./firebreak lab shed}, each declared once. The defaults keep the plain command
 * within 3 minutes on 2 cores; {@code --quick} keeps every variant and phase with short windows.
 */
public final class ShedSettings extends ExperimentOptions {

    @Option(names = "--variants", paramLabel = "LIST", completionCandidates = ShedVariant.Labels.class,
            description = "comma-separated, default all: ${COMPLETION-CANDIDATES}")
    private String variantList;

    @Option(names = "--capacity", paramLabel = "C", defaultValue = "40", description = "requests the downstream serves at once")
    @Range(min = 2, max = 1000)
    private int capacity;

    @Option(names = "--latency-ms", paramLabel = "MS", defaultValue = "200", description = "the downstream's base latency (service time)")
    @Range(min = 5, max = 10_000)
    private int latencyMillis;

    @Option(names = "--timeout-ms", paramLabel = "MS", defaultValue = "1000", description = "every variant's HTTP client and guard timeout")
    @Range(min = 10, max = 60_000)
    private int timeoutMillis;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "38", description = "the mix's random seed (every variant gets the same levels)")
    private long seed;

    @Option(names = "--warmup-s", paramLabel = "S", defaultValue = "0.5", description = "JVM warm-up: every variant at a quarter of the capacity, seconds each")
    @QuickDefault("0.2")
    @Range(min = 0, max = 600)
    private double warmupSeconds;

    @Option(names = "--calibrate-s", paramLabel = "S", defaultValue = "1.5", description = "the unprotected run at half the capacity that seed 003's sizes come from")
    @QuickDefault("0.4")
    @Range(min = 0.2, max = 600)
    private double calibrateSeconds;

    @Option(names = "--step-s", paramLabel = "S", defaultValue = "1.5", description = "each load step's reported window, seconds")
    @QuickDefault("0.3")
    @Range(min = 0.1, max = 600)
    private double stepSeconds;

    @Option(names = "--step-lead-s", paramLabel = "S", defaultValue = "0.5", description = "each load step's unreported lead-in, seconds")
    @QuickDefault("0.1")
    @Range(min = 0, max = 600)
    private double stepLeadSeconds;

    @Option(names = "--change-load", paramLabel = "X", defaultValue = "1.5", description = "the capacity-change run's offered load, x the full capacity")
    @Range(min = 0.1, max = 50)
    private double changeLoad;

    @Option(names = "--base-s", paramLabel = "S", defaultValue = "2", description = "the change run's unreported stretch at full capacity, seconds")
    @QuickDefault("0.3")
    @Range(min = 0.1, max = 600)
    private double baseSeconds;

    @Option(names = "--drop-grace-s", paramLabel = "S", defaultValue = "5",
            description = "after the capacity halves, how long before the drop row's window opens (the goal's 'within 5 s')")
    @QuickDefault("0.6")
    @Range(min = 0, max = 600)
    private double dropGraceSeconds;

    @Option(names = "--drop-s", paramLabel = "S", defaultValue = "3", description = "the drop row's window (after the grace), seconds")
    @QuickDefault("0.6")
    @Range(min = 0.2, max = 600)
    private double dropSeconds;

    @Option(names = "--recover-s", paramLabel = "S", defaultValue = "3", description = "the change run after the capacity came back, seconds")
    @QuickDefault("0.8")
    @Range(min = 0.2, max = 600)
    private double recoverSeconds;

    @Option(names = "--min-limit", paramLabel = "N", defaultValue = "5", description = "the adaptive limits' floor")
    @Range(min = 1, max = 10_000)
    private int minLimit;

    @Option(names = "--max-limit", paramLabel = "N", defaultValue = "200", description = "the adaptive limits' ceiling")
    @Range(min = 1, max = 10_000)
    private int maxLimit;

    @Option(names = "--aimd-threshold", paramLabel = "X", defaultValue = "1.5",
            description = "Firebreak AIMD's latency threshold as a multiple of the base latency, 0 for none")
    @Range(min = 0, max = 50)
    private double aimdThreshold;

    @Option(names = "--critical-wait", paramLabel = "X", defaultValue = "1",
            description = "firebreak-priority's wait for a permit of a full limit (its critical calls wait there, sheddable ones "
                    + "never do) as a multiple of the base latency, 0 for none")
    @Range(min = 0, max = 50)
    private double criticalWait;

    private List<ShedVariant> variants;

    @Override
    protected void resolve() throws UsageException {
        variants = OptionValues.labels("--variants", variantList, ShedVariant.labels()).stream().map(ShedVariant::of).toList();
        if (minLimit > maxLimit) {
            throw new UsageException("--min-limit " + minLimit + " must not exceed --max-limit " + maxLimit);
        }
    }

    /** The load steps x0.5 .. x10, as in the overload experiment. */
    public List<Segment> steps() {
        return OverloadPlan.of(nanos(stepLeadSeconds), nanos(stepSeconds), changeLoad, nanos(baseSeconds), nanos(dropSeconds),
                nanos(recoverSeconds)).steps();
    }

    /** Base (unreported), drop (its window after the grace) and recover. */
    public List<Segment> change() {
        List<Segment> change = new ArrayList<>();
        change.add(new Segment("base", changeLoad, 1.0, 0, nanos(baseSeconds), false));
        change.add(new Segment("drop", changeLoad, 0.5, nanos(dropGraceSeconds), nanos(dropSeconds), true));
        change.add(new Segment("recover", changeLoad, 1.0, 0, nanos(recoverSeconds), true));
        return change;
    }

    /** The variants, in the order they run. */
    public List<ShedVariant> variants() {
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

    /** The mix's seed. */
    public long seed() {
        return seed;
    }

    /** Each variant's share of the JVM warm-up. */
    public Duration warmup() {
        return Duration.ofNanos(nanos(warmupSeconds));
    }

    /** The calibration run's reported window. */
    public Duration calibrate() {
        return Duration.ofNanos(nanos(calibrateSeconds));
    }

    /** How long after the capacity halves the drop row's window opens. */
    public Duration dropGrace() {
        return Duration.ofNanos(nanos(dropGraceSeconds));
    }

    /** The adaptive limits' starting value: seed 003's Little's-law size within the bounds. */
    public int initialLimit(SeedSizing sizing) {
        return Math.clamp(sizing.coreSize(), minLimit, maxLimit);
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

    /** firebreak-priority's {@code execution.isolation.semaphore.maxWaitInMilliseconds}: {@code --critical-wait} x the base latency. */
    public Duration criticalWait() {
        return Duration.ofMillis(Math.round(criticalWait * latencyMillis));
    }

    /** How long to wait for the last answers after a run: the timeout and a second. */
    public Duration drain() {
        return timeout().plusSeconds(1);
    }

    /** The length of one variant's two runs, without the drains. */
    public long variantNanos() {
        return steps().stream().mapToLong(Segment::lengthNanos).sum() + change().stream().mapToLong(Segment::lengthNanos).sum();
    }

    private static long nanos(double seconds) {
        return Math.round(seconds * 1e9);
    }
}
