package dev.firebreak.lab.experiment.fanout;

import dev.firebreak.lab.cli.Args;
import dev.firebreak.lab.cli.UsageException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * The options of {@code ./firebreak lab fanout}.
 *
 * @param quick the CI run: a shorter per-call delay
 * @param ids how many clients to fetch (the seed: 20)
 * @param delayMillis the downstream's delay per call (the seed: 2000 ms)
 * @param poolThreads the CompletableFuture pool's size (the seed: 100)
 * @param repeats how many times each variant runs (the table shows the best and the worst)
 * @param variants which variants run
 * @param samplePeriodMillis the thread-dump sampler's period
 * @param csv also write the CSV here (null: only in the results folder)
 * @param out the results root (null: the environment's)
 */
public record FanoutSettings(boolean quick, int ids, int delayMillis, int poolThreads, int repeats,
        List<FanoutVariant> variants, int samplePeriodMillis, Path csv, Path out) {

    /** Options without a value. */
    public static final Set<String> FLAGS = Set.of("quick");
    /** Options with a value. */
    public static final Set<String> OPTIONS = Set.of("ids", "delay-ms", "pool-threads", "repeats", "variants",
            "sample-ms", "csv", "out");

    /** The usage text. */
    public static final String USAGE = """
            ./firebreak lab fanout [options]   seed 004: fetch 20 clients from a service taking 2 s per call
              --quick              CI run: 500 ms per call instead of 2000 (said in the output); about 20 s
              --ids N              clients to fetch (default 20)
              --delay-ms MS        the downstream's delay per call (default 2000; --quick 500)
              --pool-threads N     the CompletableFuture pool (default 100)
              --repeats K          run each variant K times (default 1)
              --variants A,B       any of %s
              --sample-ms MS       thread-dump sampling period (default 20)
              --csv FILE           also write the CSV to FILE
              --out DIR            results root (default results/)
            """.formatted(String.join(", ", FanoutVariant.labels()));

    /** These settings with another per-call delay (the JIT warm-up runs every variant at a few milliseconds). */
    public FanoutSettings withDelayMillis(int millis) {
        return new FanoutSettings(quick, ids, millis, poolThreads, repeats, variants, samplePeriodMillis, csv, out);
    }

    /** Reads the settings from parsed arguments. */
    public static FanoutSettings from(Args args) throws UsageException {
        if (!args.positional().isEmpty()) {
            throw new UsageException("unexpected argument '" + args.positional().get(0) + "'");
        }
        boolean quick = args.flag("quick");
        List<FanoutVariant> variants = args.listValue("variants", FanoutVariant.labels(), FanoutVariant.labels())
                .stream().map(FanoutVariant::of).toList();
        return new FanoutSettings(quick, args.intValue("ids", 20, 1, 1000),
                args.intValue("delay-ms", quick ? 500 : 2000, 1, 60_000),
                args.intValue("pool-threads", 100, 1, 10_000), args.intValue("repeats", 1, 1, 100), variants,
                args.intValue("sample-ms", 20, 1, 1000),
                args.value("csv").map(Path::of).orElse(null), args.value("out").map(Path::of).orElse(null));
    }
}
