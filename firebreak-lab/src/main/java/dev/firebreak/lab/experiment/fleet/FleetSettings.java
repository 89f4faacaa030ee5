package dev.firebreak.lab.experiment.fleet;

import dev.firebreak.lab.cli.ExperimentOptions;
import dev.firebreak.lab.cli.OptionValues;
import dev.firebreak.lab.cli.QuickDefault;
import dev.firebreak.lab.cli.Range;
import dev.firebreak.lab.cli.UsageException;
import java.time.Duration;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * The options of {@code ./firebreak lab fleet}, each declared once. The defaults finish within 4 minutes
 * on 2 cores; {@code --quick} keeps both parts, every store and variant, with 3 instances and short phases.
 */
public final class FleetSettings extends ExperimentOptions {

    @Option(names = "--sizes", paramLabel = "N,N", defaultValue = "3,10", description = "the fleet sizes of the propagation part")
    @QuickDefault("3")
    private String sizeList;

    @Option(names = "--repeats", paramLabel = "K", defaultValue = "30", description = "changes written per store and fleet size")
    @QuickDefault("5")
    @Range(min = 1, max = 1_000)
    private int repeats;

    @Option(names = "--quota", paramLabel = "RPS", defaultValue = "300", description = "the fleet's shared quota, calls a second")
    @Range(min = 1, max = 100_000)
    private int quota;

    @Option(names = "--offered", paramLabel = "RPS", defaultValue = "1000", description = "the load offered to the fleet, calls a second")
    @Range(min = 1, max = 20_000)
    private double offered;

    @Option(names = "--phase-s", paramLabel = "S", defaultValue = "8", description = "each quota phase's length, seconds")
    @QuickDefault("2")
    @Range(min = 0.5, max = 600)
    private double phaseSeconds;

    @Option(names = "--warmup-s", paramLabel = "S", defaultValue = "4",
            description = "each quota variant's unreported warm-up under the load, seconds")
    @QuickDefault("1.5")
    @Range(min = 0, max = 600)
    private double warmupSeconds;

    private List<Integer> sizes;

    @Override
    protected void resolve() throws UsageException {
        sizes = OptionValues.ascendingInts("--sizes", sizeList, 1, 20);
    }

    List<Integer> sizes() {
        return sizes;
    }

    int repeats() {
        return repeats;
    }

    int quota() {
        return quota;
    }

    double offered() {
        return offered;
    }

    Duration phase() {
        return Duration.ofMillis((long) (phaseSeconds * 1000));
    }

    Duration warmup() {
        return Duration.ofMillis((long) (warmupSeconds * 1000));
    }
}
