package dev.firebreak.lab.experiment.collapse;

import dev.firebreak.lab.cli.ExperimentOptions;
import dev.firebreak.lab.cli.OptionValues;
import dev.firebreak.lab.cli.QuickDefault;
import dev.firebreak.lab.cli.Range;
import dev.firebreak.lab.cli.UsageException;
import dev.firebreak.lab.downstream.LatencyModel;
import dev.firebreak.lab.load.Loop;
import dev.firebreak.lab.load.ThinkTime;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Option;

/**
 * The options of {@code ./firebreak lab collapse}, each declared once, with the seed's defaults: 100
 * users, 500 ms downstream (with a 2 % lognormal jitter), open loop at 200/s, every variant, loops
 * closed, open and sequential. {@code --quick} keeps every variant and loop but uses 50 users and short
 * windows (under a minute).
 */
public final class CollapseSettings extends ExperimentOptions {

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

    @Option(names = "--variants", paramLabel = "LIST", completionCandidates = CollapseVariant.Labels.class,
            description = "comma-separated, default all: ${COMPLETION-CANDIDATES}")
    private String variantList;

    @Option(names = "--loops", paramLabel = "LIST", description = "comma-separated loops (default all): closed, open, sequential")
    private String loopList;

    @Option(names = "--users", paramLabel = "N", defaultValue = "100", description = "closed-loop users")
    @QuickDefault("50")
    @Range(min = 1, max = 10_000)
    private int users;

    @Option(names = "--latency", paramLabel = "SPEC", defaultValue = "500",
            description = "downstream delay: MS | fixed:MS | uniform:MIN:MAX | lognormal:MEAN:SIGMA")
    private String latencySpec;

    @Option(names = "--jitter", paramLabel = "SIGMA", defaultValue = "0.02",
            description = "lognormal jitter on the delay, mean kept (0 shows the phase lock)")
    @Range(min = 0, max = 2)
    private double jitter;

    @Option(names = "--error-rate", paramLabel = "P", defaultValue = "0", description = "downstream failure share")
    @Range(min = 0, max = 1)
    private double errorRate;

    @Option(names = "--rate", paramLabel = "RPS", defaultValue = "200", description = "open-loop arrivals per second")
    @Range(min = 0.1, max = 10_000)
    private double rate;

    @Option(names = "--arrivals", paramLabel = "KIND", defaultValue = "constant", description = "constant | poisson")
    private String arrivalsName;

    @Option(names = "--think-ms", paramLabel = "MS|A-B", defaultValue = "0", description = "closed-loop pause after each answer")
    private String thinkSpec;

    @Option(names = "--ramp-ms", paramLabel = "MS", defaultValue = "500", description = "closed-loop users start spread over this")
    @Range(min = 0, max = 60_000)
    private int rampMillis;

    @Option(names = "--warmup", paramLabel = "S", description = "unrecorded lead-in of every loop, seconds "
            + "(default closed 1.5, open 1, sequential 0.6; --quick 0.5, 0.3, 0.4)")
    @Range(min = 0, max = 600)
    private Double warmupSeconds;

    @Option(names = "--measure", paramLabel = "S", description = "measured window of every loop, seconds "
            + "(default closed 5, open 3.5, sequential 4; --quick 1.2, 1, 1.6)")
    @Range(min = 0.1, max = 3600)
    private Double measureSeconds;

    @Option(names = "--load-aware-vs100ms", paramLabel = "K:LINGER_US:GAP_US", defaultValue = "2:20000:3000",
            description = "firebreak-load-aware-vs100ms's batches in flight, linger and quiet gap in µs "
                    + "(firebreak-load-aware uses the library's defaults)")
    private String vs100msSpec;

    @Option(names = "--load-aware-vs10ms", paramLabel = "K:LINGER_US:GAP_US", defaultValue = "14:20000:3000",
            description = "the same for firebreak-load-aware-vs10ms")
    private String vs10msSpec;

    @Option(names = "--repeats", paramLabel = "K", defaultValue = "1", description = "runs per variant and loop; the report shows the spread")
    @Range(min = 1, max = 20)
    private int repeats;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "42", description = "base random seed")
    @Range(min = 0, max = Integer.MAX_VALUE)
    private long seed;

    private LatencyModel latency;
    private Loop.Arrivals arrivals;
    private ThinkTime think;
    private CollapseVariant.LoadAware vs100ms;
    private CollapseVariant.LoadAware vs10ms;
    private List<CollapseVariant> variants;
    private List<String> loops;

    @Override
    protected void resolve() throws UsageException {
        try {
            latency = LatencyModel.parse(latencySpec).withJitter(jitter);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--latency: " + e.getMessage());
        }
        arrivals = switch (arrivalsName.toLowerCase(Locale.ROOT)) {
            case "constant" -> Loop.Arrivals.CONSTANT;
            case "poisson" -> Loop.Arrivals.POISSON;
            default -> throw new UsageException("--arrivals must be constant or poisson, was '" + arrivalsName + "'");
        };
        try {
            think = ThinkTime.parseMillis(thinkSpec);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--think-ms: " + e.getMessage());
        }
        vs100ms = loadAware("--load-aware-vs100ms", vs100msSpec);
        vs10ms = loadAware("--load-aware-vs10ms", vs10msSpec);
        variants = OptionValues.labels("--variants", variantList, CollapseVariant.labels()).stream().map(CollapseVariant::of).toList();
        List<String> chosen = OptionValues.labels("--loops", loopList, LOOP_KINDS);
        loops = LOOP_KINDS.stream().filter(chosen::contains).toList();
    }

    private static CollapseVariant.LoadAware loadAware(String option, String spec) throws UsageException {
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
        throw new UsageException(option + " must be K:LINGER_US:GAP_US with 1 <= K <= 1000 and 0 <= LINGER_US, GAP_US <= 1000000, was '" + spec + "'");
    }

    /** Closed-loop users. */
    public int users() {
        return users;
    }

    /** The downstream's delay, jitter included. */
    public LatencyModel latency() {
        return latency;
    }

    /** The lognormal sigma applied to the latency (recorded for the report). */
    public double jitter() {
        return jitter;
    }

    /** The downstream's failure share. */
    public double errorRate() {
        return errorRate;
    }

    /** Open-loop arrivals per second. */
    public double rate() {
        return rate;
    }

    /** Open-loop spacing. */
    public Loop.Arrivals arrivals() {
        return arrivals;
    }

    /** Closed-loop pause after each answer. */
    public ThinkTime think() {
        return think;
    }

    /** Closed-loop users start spread over this. */
    public Duration ramp() {
        return Duration.ofMillis(rampMillis);
    }

    /** Closed loop unrecorded lead-in. */
    public Duration closedWarmup() {
        return pick(warmupSeconds, quick() ? 0.5 : 1.5);
    }

    /** Closed loop window. */
    public Duration closedMeasure() {
        return pick(measureSeconds, quick() ? 1.2 : 5);
    }

    /** Open loop lead-in. */
    public Duration openWarmup() {
        return pick(warmupSeconds, quick() ? 0.3 : 1.0);
    }

    /** Open loop window. */
    public Duration openMeasure() {
        return pick(measureSeconds, quick() ? 1.0 : 3.5);
    }

    /** Sequential lead-in. */
    public Duration sequentialWarmup() {
        return pick(warmupSeconds, quick() ? 0.4 : 0.6);
    }

    /** Sequential window. */
    public Duration sequentialMeasure() {
        return pick(measureSeconds, quick() ? 1.6 : 4);
    }

    /** Bound on waiting for stragglers. */
    public Duration drain() {
        return Duration.ofSeconds(5);
    }

    /** The unreported closed loop before the first variant (JIT, connections). */
    public Duration jvmWarmup() {
        return seconds(quick() ? 0.4 : 1.5);
    }

    /** k, linger and gap of {@code firebreak-load-aware-vs100ms}. */
    public CollapseVariant.LoadAware vs100ms() {
        return vs100ms;
    }

    /** k, linger and gap of {@code firebreak-load-aware-vs10ms}. */
    public CollapseVariant.LoadAware vs10ms() {
        return vs10ms;
    }

    /** Runs per variant and loop. */
    public int repeats() {
        return repeats;
    }

    /** Base seed (repeat r uses seed + r; every variant sees the same downstream draws). */
    public long seed() {
        return seed;
    }

    /** Which variants. */
    public List<CollapseVariant> variants() {
        return variants;
    }

    /** Which loops: {@code closed}, {@code open}, {@code sequential}, in that order. */
    public List<String> loops() {
        return loops;
    }

    private static Duration pick(Double given, double fallbackSeconds) {
        return seconds(given != null ? given : fallbackSeconds);
    }

    private static Duration seconds(double s) {
        return Duration.ofNanos(Math.round(s * 1e9));
    }

    /** The loop of kind {@code kind}. */
    public Loop loop(String kind) {
        return switch (kind) {
            case "closed" -> Loop.closed(users, ramp(), think, 0);
            case "open" -> Loop.open(rate, arrivals);
            case "sequential" -> Loop.sequential(think);
            default -> throw new IllegalArgumentException("no loop kind " + kind);
        };
    }

    /** The unrecorded lead-in of loop kind {@code kind}. */
    public Duration warmup(String kind) {
        return switch (kind) {
            case "closed" -> closedWarmup();
            case "open" -> openWarmup();
            default -> sequentialWarmup();
        };
    }

    /** The measured window of loop kind {@code kind}. */
    public Duration measure(String kind) {
        return switch (kind) {
            case "closed" -> closedMeasure();
            case "open" -> openMeasure();
            default -> sequentialMeasure();
        };
    }
}
