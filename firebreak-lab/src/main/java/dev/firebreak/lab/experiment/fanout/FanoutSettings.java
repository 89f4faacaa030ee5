package dev.firebreak.lab.experiment.fanout;

import dev.firebreak.lab.cli.ExperimentOptions;
import dev.firebreak.lab.cli.OptionValues;
import dev.firebreak.lab.cli.QuickDefault;
import dev.firebreak.lab.cli.Range;
import dev.firebreak.lab.cli.UsageException;
import java.util.List;
import picocli.CommandLine.Option;

/** The options of {@code ./firebreak lab fanout}, each declared once. */
public final class FanoutSettings extends ExperimentOptions implements Cloneable {

    @Option(names = "--ids", paramLabel = "N", defaultValue = "20", description = "clients to fetch (the seed: 20)")
    @Range(min = 1, max = 1000)
    private int ids;

    @Option(names = "--delay-ms", paramLabel = "MS", defaultValue = "2000", description = "the downstream's delay per call (the seed: 2000)")
    @QuickDefault("500")
    @Range(min = 1, max = 60_000)
    private int delayMillis;

    @Option(names = "--pool-threads", paramLabel = "N", defaultValue = "100", description = "the CompletableFuture pool (the seed: 100)")
    @Range(min = 1, max = 10_000)
    private int poolThreads;

    @Option(names = "--repeats", paramLabel = "K", defaultValue = "1", description = "run each variant K times (the table shows each run)")
    @Range(min = 1, max = 100)
    private int repeats;

    @Option(names = "--variants", paramLabel = "A,B", completionCandidates = FanoutVariant.Labels.class,
            description = "any of ${COMPLETION-CANDIDATES} (default all)")
    private String variantList;

    @Option(names = "--sample-ms", paramLabel = "MS", defaultValue = "20", description = "thread-dump sampling period")
    @Range(min = 1, max = 1000)
    private int samplePeriodMillis;

    private List<FanoutVariant> variants;

    @Override
    protected void resolve() throws UsageException {
        variants = OptionValues.labels("--variants", variantList, FanoutVariant.labels()).stream().map(FanoutVariant::of).toList();
    }

    /** These settings with another per-call delay (the JIT warm-up runs every variant at a few milliseconds). */
    public FanoutSettings withDelayMillis(int millis) {
        try {
            FanoutSettings copy = (FanoutSettings) clone();
            copy.delayMillis = millis;
            return copy;
        } catch (CloneNotSupportedException e) {
            throw new AssertionError(e);
        }
    }

    /** How many clients to fetch. */
    public int ids() {
        return ids;
    }

    /** The downstream's delay per call. */
    public int delayMillis() {
        return delayMillis;
    }

    /** The CompletableFuture pool's size. */
    public int poolThreads() {
        return poolThreads;
    }

    /** How many times each variant runs. */
    public int repeats() {
        return repeats;
    }

    /** Which variants run. */
    public List<FanoutVariant> variants() {
        return variants;
    }

    /** The thread-dump sampler's period. */
    public int samplePeriodMillis() {
        return samplePeriodMillis;
    }
}
