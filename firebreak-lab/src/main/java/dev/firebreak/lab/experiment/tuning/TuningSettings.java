package dev.firebreak.lab.experiment.tuning;

import dev.firebreak.lab.cli.ExperimentOptions;
import dev.firebreak.lab.cli.OptionValues;
import dev.firebreak.lab.cli.QuickDefault;
import dev.firebreak.lab.cli.Range;
import dev.firebreak.lab.cli.UsageException;
import dev.firebreak.lab.downstream.LatencyModel;
import java.time.Duration;
import java.util.List;
import picocli.CommandLine.Option;

/** The options of {@code ./firebreak lab tuning}, each declared once. */
public final class TuningSettings extends ExperimentOptions {

    @Option(names = "--users", paramLabel = "N,N,...", defaultValue = "200,300,400", description = "concurrent users (JMeter threads without pause)")
    private String userList;

    @Option(names = "--configs", paramLabel = "A,B", completionCandidates = TuningConfig.Labels.class,
            description = "any of ${COMPLETION-CANDIDATES} (default all)")
    private String configList;

    @Option(names = "--warmup-s", paramLabel = "S", defaultValue = "5", description = "unrecorded seconds per run")
    @QuickDefault("1")
    @Range(min = 0, max = 600)
    private double warmupSeconds;

    @Option(names = "--measure-s", paramLabel = "S", defaultValue = "20", description = "measured seconds per run")
    @QuickDefault("1")
    @Range(min = 0.1, max = 3600)
    private double measureSeconds;

    @Option(names = "--workers", paramLabel = "N", defaultValue = "200", description = "the service's workers")
    @Range(min = 1, max = 10_000)
    private int workers;

    @Option(names = "--service-ms", paramLabel = "SPEC", defaultValue = "lognormal:230:0.5",
            description = "service time: MS, uniform:MIN:MAX or lognormal:MEAN:SIGMA")
    private String serviceSpec;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "3", description = "random seed")
    @Range(min = 0, max = Integer.MAX_VALUE)
    private long seed;

    private List<Integer> users;
    private List<TuningConfig> configs;
    private LatencyModel serviceTime;

    @Override
    protected void resolve() throws UsageException {
        users = OptionValues.ascendingInts("--users", userList, 1, 10_000);
        try {
            serviceTime = LatencyModel.parse(serviceSpec);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--service-ms: " + e.getMessage());
        }
        configs = OptionValues.labels("--configs", configList, TuningConfig.labels()).stream().map(TuningConfig::of).toList();
    }

    /** Concurrent users, ascending. */
    public List<Integer> users() {
        return users;
    }

    /** The configurations compared. */
    public List<TuningConfig> configs() {
        return configs;
    }

    /** Unrecorded lead-in of each run. */
    public Duration warmup() {
        return seconds(warmupSeconds);
    }

    /** The recorded window of each run. */
    public Duration measure() {
        return seconds(measureSeconds);
    }

    /** The service's workers. */
    public int workers() {
        return workers;
    }

    /** The service time of one call. */
    public LatencyModel serviceTime() {
        return serviceTime;
    }

    /** Random seed. */
    public long seed() {
        return seed;
    }

    private static Duration seconds(double s) {
        return Duration.ofNanos(Math.round(s * 1e9));
    }
}
