package dev.firebreak.lab.experiment.hedge;

import dev.firebreak.lab.cli.ExperimentOptions;
import dev.firebreak.lab.cli.Range;
import java.time.Duration;
import picocli.CommandLine.Option;

/** The options of {@code ./firebreak lab hedge}, each declared once. */
public final class HedgeSettings extends ExperimentOptions {

    @Option(names = "--rate", paramLabel = "RPS", defaultValue = "200", description = "the open-loop load, requests per second")
    @Range(min = 1, max = 5_000)
    private double rate;

    /** The open-loop load, requests per second. */
    public double rate() {
        return rate;
    }

    /** The measured span per variant: 25 s, under {@code --quick} 4 s. */
    public Duration measure() {
        return quick() ? Duration.ofSeconds(4) : Duration.ofSeconds(25);
    }

    /** The span per variant that fills the guard's latency window first: 3 s, under {@code --quick} 1 s. */
    public Duration warmup() {
        return quick() ? Duration.ofSeconds(1) : Duration.ofSeconds(3);
    }

    /** Each variant's share of the JVM warm-up. */
    public Duration jvmWarmup() {
        return Duration.ofMillis(quick() ? 500 : 2_000);
    }
}
