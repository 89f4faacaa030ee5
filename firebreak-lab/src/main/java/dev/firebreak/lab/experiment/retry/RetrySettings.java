package dev.firebreak.lab.experiment.retry;

import dev.firebreak.lab.cli.ExperimentOptions;
import dev.firebreak.lab.cli.Range;
import java.time.Duration;
import picocli.CommandLine.Option;

/** The options of {@code ./firebreak lab retry}, each declared once. */
public final class RetrySettings extends ExperimentOptions {

    @Option(names = "--rate", paramLabel = "RPS", defaultValue = "200", description = "the open-loop load, requests per second")
    @Range(min = 1, max = 5_000)
    private double rate;

    /** The open-loop load, requests per second. */
    public double rate() {
        return rate;
    }

    /** The length of {@code phase} in this run (its quick length under {@code --quick}). */
    Duration length(RetryExperiment.Phase phase) {
        return quick() ? phase.quick() : phase.full();
    }
}
