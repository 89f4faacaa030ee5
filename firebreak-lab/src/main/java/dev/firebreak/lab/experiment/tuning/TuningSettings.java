package dev.firebreak.lab.experiment.tuning;

import dev.firebreak.lab.cli.Args;
import dev.firebreak.lab.cli.UsageException;
import dev.firebreak.lab.downstream.LatencyModel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The options of {@code ./firebreak lab tuning}.
 *
 * @param quick the CI run
 * @param users concurrent users (JMeter threads without pause)
 * @param configs the configurations compared
 * @param warmup unrecorded lead-in of each run
 * @param measure the recorded window of each run
 * @param workers the service's workers
 * @param serviceTime the service time of one call
 * @param seed random seed
 * @param csv also write the CSV here (null: only in the results folder)
 * @param out the results root (null: the environment's)
 */
public record TuningSettings(boolean quick, List<Integer> users, List<TuningConfig> configs, Duration warmup, Duration measure,
        int workers, LatencyModel serviceTime, long seed, Path csv, Path out) {

    /** Options without a value. */
    public static final Set<String> FLAGS = Set.of("quick");
    /** Options with a value. */
    public static final Set<String> OPTIONS = Set.of("users", "configs", "warmup-s", "measure-s", "workers", "service-ms", "seed",
            "csv", "out");

    /** The usage text. */
    public static final String USAGE = """
            ./firebreak lab tuning [options]   seed 003: one service under 200/300/400 users, Hystrix configs vs VIRTUAL
              --quick              CI run: 1 s warm-up and 1 s measured per run (under a minute)
              --users N,N,...      concurrent users (default 200,300,400)
              --configs A,B        any of %s
              --warmup-s S         unrecorded seconds per run (default 5; --quick 1)
              --measure-s S        measured seconds per run (default 20; --quick 1)
              --workers N          the service's workers (default 200)
              --service-ms SPEC    service time: MS, uniform:MIN:MAX or lognormal:MEAN:SIGMA (default lognormal:230:0.5)
              --seed N             random seed (default 3)
              --csv FILE           also write the CSV to FILE
              --out DIR            results root (default results/)
            """.formatted(String.join(", ", TuningConfig.labels()));

    /** Reads the settings from parsed arguments. */
    public static TuningSettings from(Args args) throws UsageException {
        if (!args.positional().isEmpty()) {
            throw new UsageException("unexpected argument '" + args.positional().get(0) + "'");
        }
        boolean quick = args.flag("quick");
        List<Integer> users = new ArrayList<>();
        for (String item : args.value("users").orElse("200,300,400").split(",")) {
            try {
                int n = Integer.parseInt(item.trim());
                if (n < 1 || n > 10_000) {
                    throw new NumberFormatException();
                }
                users.add(n);
            } catch (NumberFormatException e) {
                throw new UsageException("--users item '" + item.trim() + "' must be an integer between 1 and 10000");
            }
        }
        LatencyModel serviceTime;
        try {
            serviceTime = LatencyModel.parse(args.value("service-ms").orElse("lognormal:230:0.5"));
        } catch (IllegalArgumentException e) {
            throw new UsageException("--service-ms: " + e.getMessage());
        }
        List<TuningConfig> configs = args.listValue("configs", TuningConfig.labels(), TuningConfig.labels()).stream()
                .map(TuningConfig::of).toList();
        return new TuningSettings(quick, users.stream().distinct().sorted().toList(), configs,
                seconds(args.doubleValue("warmup-s", quick ? 1 : 5, 0, 600)),
                seconds(args.doubleValue("measure-s", quick ? 1 : 20, 0.1, 3600)),
                args.intValue("workers", 200, 1, 10_000), serviceTime, args.intValue("seed", 3, 0, Integer.MAX_VALUE),
                args.value("csv").map(Path::of).orElse(null), args.value("out").map(Path::of).orElse(null));
    }

    private static Duration seconds(double s) {
        return Duration.ofNanos(Math.round(s * 1e9));
    }
}
