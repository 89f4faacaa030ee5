package dev.firebreak.lab.experiment.collapse;

import dev.firebreak.lab.cli.Args;
import dev.firebreak.lab.cli.UsageException;
import dev.firebreak.lab.downstream.LatencyModel;
import dev.firebreak.lab.load.Loop;
import dev.firebreak.lab.load.ThinkTime;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Everything one {@code collapse} run is told, with the seed's defaults: 100 users, 500 ms downstream
 * (with a 2 % lognormal jitter), open loop at 200/s, every variant, loops closed, open and sequential.
 * {@code --quick} keeps every variant and loop but uses 50 users and short windows (under a minute).
 *
 * @param quick the CI mode
 * @param users closed-loop users
 * @param latency the downstream's delay, jitter included
 * @param jitter the lognormal sigma applied to the latency (recorded for the report)
 * @param errorRate the downstream's failure share
 * @param rate open-loop arrivals per second
 * @param arrivals open-loop spacing
 * @param think closed-loop pause after each answer
 * @param ramp closed-loop users start spread over this
 * @param closedWarmup closed loop unrecorded lead-in
 * @param closedMeasure closed loop window
 * @param openWarmup open loop lead-in
 * @param openMeasure open loop window
 * @param sequentialWarmup sequential lead-in
 * @param sequentialMeasure sequential window
 * @param drain bound on waiting for stragglers
 * @param jvmWarmup the unreported closed loop before the first variant (JIT, connections)
 * @param vs100ms k, linger and gap of {@code firebreak-load-aware-vs100ms}
 * @param vs10ms k, linger and gap of {@code firebreak-load-aware-vs10ms}
 * @param repeats runs per variant and loop
 * @param seed base seed (repeat r uses seed + r; every variant sees the same downstream draws)
 * @param variants which variants
 * @param loops which loops: {@code closed}, {@code open}, {@code sequential}
 * @param csv an extra CSV destination, or null
 * @param out the results root, or null for the default
 */
public record CollapseSettings(boolean quick, int users, LatencyModel latency, double jitter, double errorRate,
        double rate, Loop.Arrivals arrivals, ThinkTime think, Duration ramp,
        Duration closedWarmup, Duration closedMeasure, Duration openWarmup, Duration openMeasure,
        Duration sequentialWarmup, Duration sequentialMeasure, Duration drain, Duration jvmWarmup,
        CollapseVariant.LoadAware vs100ms, CollapseVariant.LoadAware vs10ms, int repeats, long seed,
        List<CollapseVariant> variants, List<String> loops, Path csv, Path out) {

    /** The loop kinds, in the order they run. */
    public static final List<String> LOOP_KINDS = List.of("closed", "open", "sequential");

    /**
     * {@code firebreak-load-aware-vs100ms}'s default: 2 batches in flight (at most ~4 calls/s against a
     * 500 ms downstream, under Hystrix's 100 ms window), the library's linger (20 ms, 3 ms quiet gap).
     */
    public static final CollapseVariant.LoadAware DEFAULT_VS_100MS = new CollapseVariant.LoadAware(2, 20_000, 3_000);
    /**
     * {@code firebreak-load-aware-vs10ms}'s default: 14 batches in flight (at most ~28 calls/s against
     * a 500 ms downstream, under Hystrix's 10 ms window), the library's linger (20 ms, 3 ms quiet gap).
     */
    public static final CollapseVariant.LoadAware DEFAULT_VS_10MS = new CollapseVariant.LoadAware(14, 20_000, 3_000);

    /** Flags without a value. */
    public static final Set<String> FLAGS = Set.of("quick");
    /** Options with a value. */
    public static final Set<String> OPTIONS = Set.of("csv", "out", "variants", "loops", "users", "latency", "jitter",
            "error-rate", "rate", "arrivals", "load-aware-vs100ms", "load-aware-vs10ms", "think-ms", "ramp-ms", "warmup", "measure", "repeats", "seed");

    /** The usage text. */
    public static final String USAGE = """
            usage: firebreak lab collapse [--quick] [--csv FILE] [--out DIR] [options]
              --quick              CI mode: 50 users, short windows, every variant (under a minute)
              --csv FILE           also write the CSV to FILE
              --out DIR            results root (default: results/); each run gets DIR/<time>-collapse/
              --variants LIST      comma-separated, default all: %s
              --loops LIST         comma-separated, default all: closed, open, sequential
              --users N            closed-loop users (default 100; quick 50)
              --latency SPEC       downstream delay: MS | fixed:MS | uniform:MIN:MAX | lognormal:MEAN:SIGMA (default 500)
              --jitter SIGMA       lognormal jitter on the delay, mean kept (default 0.02; 0 shows the phase lock)
              --error-rate P       downstream failure share 0..1 (default 0)
              --rate RPS           open-loop arrivals per second (default 200)
              --arrivals KIND      constant | poisson (default constant)
              --think-ms MS|A-B    closed-loop pause after each answer (default 0)
              --ramp-ms MS         closed-loop users start spread over this (default 500)
              --warmup S           unrecorded lead-in of every loop, seconds (default closed 1.5, open 1, sequential 0.6)
              --measure S          measured window of every loop, seconds (default closed 5, open 3.5, sequential 4)
              --load-aware-vs100ms K:LINGER_US:GAP_US  firebreak-load-aware-vs100ms's batches in flight, linger
                                   and quiet gap in µs (default %s; firebreak-load-aware uses the library's defaults)
              --load-aware-vs10ms K:LINGER_US:GAP_US   the same for firebreak-load-aware-vs10ms (default %s)
              --repeats K          runs per variant and loop; the report shows the spread (default 1)
              --seed N             base random seed (default 42)
            """.formatted(String.join(", ", CollapseVariant.labels()), DEFAULT_VS_100MS, DEFAULT_VS_10MS);

    /** Reads the settings from parsed arguments. */
    public static CollapseSettings from(Args args) throws UsageException {
        if (!args.positional().isEmpty()) {
            throw new UsageException("unexpected argument '" + args.positional().getFirst() + "'");
        }
        boolean quick = args.flag("quick");
        int users = args.intValue("users", quick ? 50 : 100, 1, 10_000);
        double jitter = args.doubleValue("jitter", 0.02, 0, 2);
        LatencyModel latency;
        try {
            latency = LatencyModel.parse(args.value("latency").orElse("500")).withJitter(jitter);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--latency: " + e.getMessage());
        }
        double errorRate = args.doubleValue("error-rate", 0, 0, 1);
        double rate = args.doubleValue("rate", 200, 0.1, 10_000);
        Loop.Arrivals arrivals = switch (args.value("arrivals").orElse("constant").toLowerCase(Locale.ROOT)) {
            case "constant" -> Loop.Arrivals.CONSTANT;
            case "poisson" -> Loop.Arrivals.POISSON;
            default -> throw new UsageException("--arrivals must be constant or poisson, was '" + args.value("arrivals").get() + "'");
        };
        ThinkTime think;
        try {
            think = ThinkTime.parseMillis(args.value("think-ms").orElse("0"));
        } catch (IllegalArgumentException e) {
            throw new UsageException("--think-ms: " + e.getMessage());
        }
        Duration ramp = Duration.ofMillis(args.intValue("ramp-ms", 500, 0, 60_000));
        Duration warmup = args.value("warmup").isPresent() ? seconds(args.doubleValue("warmup", 0, 0, 600)) : null;
        Duration measure = args.value("measure").isPresent() ? seconds(args.doubleValue("measure", 1, 0.1, 3600)) : null;
        CollapseVariant.LoadAware vs100ms = loadAware("load-aware-vs100ms", args, DEFAULT_VS_100MS);
        CollapseVariant.LoadAware vs10ms = loadAware("load-aware-vs10ms", args, DEFAULT_VS_10MS);
        int repeats = args.intValue("repeats", 1, 1, 20);
        long seed = args.intValue("seed", 42, 0, Integer.MAX_VALUE);
        List<CollapseVariant> variants = args.listValue("variants", CollapseVariant.labels(), CollapseVariant.labels())
                .stream().map(CollapseVariant::of).toList();
        List<String> loops = args.listValue("loops", LOOP_KINDS, LOOP_KINDS);
        loops = LOOP_KINDS.stream().filter(loops::contains).toList();
        Path csv = args.value("csv").map(Path::of).orElse(null);
        Path out = args.value("out").map(Path::of).orElse(null);
        return new CollapseSettings(quick, users, latency, jitter, errorRate, rate, arrivals, think, ramp,
                pick(warmup, quick ? 0.5 : 1.5), pick(measure, quick ? 1.2 : 5),
                pick(warmup, quick ? 0.3 : 1.0), pick(measure, quick ? 1.0 : 3.5),
                pick(warmup, quick ? 0.4 : 0.6), pick(measure, quick ? 1.6 : 4),
                Duration.ofSeconds(5), seconds(quick ? 0.4 : 1.5),
                vs100ms, vs10ms, repeats, seed, variants, loops, csv, out);
    }

    private static CollapseVariant.LoadAware loadAware(String option, Args args, CollapseVariant.LoadAware fallback)
            throws UsageException {
        if (args.value(option).isEmpty()) {
            return fallback;
        }
        String spec = args.value(option).get();
        String[] parts = spec.split(":", -1);
        try {
            if (parts.length == 3) {
                int k = Integer.parseInt(parts[0].trim());
                int linger = Integer.parseInt(parts[1].trim());
                int gap = Integer.parseInt(parts[2].trim());
                if (k >= 1 && k <= 1000 && linger >= 0 && linger <= 1_000_000 && gap >= 0 && gap <= 1_000_000) {
                    return new CollapseVariant.LoadAware(k, linger, gap);
                }
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new UsageException("--" + option + " must be K:LINGER_US:GAP_US with 1 <= K <= 1000 and 0 <= LINGER_US, GAP_US <= 1000000, was '" + spec + "'");
    }

    private static Duration pick(Duration given, double fallbackSeconds) {
        return given != null ? given : seconds(fallbackSeconds);
    }

    private static Duration seconds(double s) {
        return Duration.ofNanos(Math.round(s * 1e9));
    }

    /** The loop of kind {@code kind}. */
    public Loop loop(String kind) {
        return switch (kind) {
            case "closed" -> Loop.closed(users, ramp, think, 0);
            case "open" -> Loop.open(rate, arrivals);
            case "sequential" -> Loop.sequential(think);
            default -> throw new IllegalArgumentException("no loop kind " + kind);
        };
    }

    /** The unrecorded lead-in of loop kind {@code kind}. */
    public Duration warmup(String kind) {
        return switch (kind) {
            case "closed" -> closedWarmup;
            case "open" -> openWarmup;
            default -> sequentialWarmup;
        };
    }

    /** The measured window of loop kind {@code kind}. */
    public Duration measure(String kind) {
        return switch (kind) {
            case "closed" -> closedMeasure;
            case "open" -> openMeasure;
            default -> sequentialMeasure;
        };
    }
}
