package dev.firebreak.lab.experiment.blocking;

import dev.firebreak.lab.cli.ExperimentOptions;
import dev.firebreak.lab.cli.OptionValues;
import dev.firebreak.lab.cli.QuickDefault;
import dev.firebreak.lab.cli.Range;
import dev.firebreak.lab.cli.UsageException;
import dev.firebreak.lab.load.ThinkTime;
import java.time.Duration;
import java.util.List;
import picocli.CommandLine.Option;

/** The options of {@code ./firebreak lab blocking}, each declared once. */
public final class BlockingSettings extends ExperimentOptions {

    /** The seed's user counts plus 10,000. */
    public static final List<Integer> FULL_USERS = List.of(300, 1000, 1500, 3000, 5000, 10_000);

    @Option(names = "--users", paramLabel = "N,N,...", defaultValue = "300,1000,1500,3000,5000,10000", description = "concurrent users")
    @QuickDefault("300,2000")
    private String userList;

    @Option(names = "--repetitions", paramLabel = "N", defaultValue = "30", description = "requests per user (the seed: 30)")
    @QuickDefault("1")
    @Range(min = 1, max = 1000)
    private int repetitions;

    @Option(names = "--think-ms", paramLabel = "MIN-MAX", defaultValue = "1000-2000", description = "pause between a user's requests (the seed: 1000-2000)")
    private String thinkSpec;

    @Option(names = "--delay-ms", paramLabel = "MS", defaultValue = "300", description = "the downstream's delay")
    @Range(min = 1, max = 60_000)
    private int delayMillis;

    @Option(names = "--ramp-s", paramLabel = "S", defaultValue = "5", description = "users start evenly over S seconds")
    @QuickDefault("2")
    @Range(min = 0, max = 600)
    private double rampSeconds;

    @Option(names = "--stacks", paramLabel = "A,B", completionCandidates = BlockingStack.Labels.class,
            description = "any of ${COMPLETION-CANDIDATES} (default all)")
    private String stackList;

    @Option(names = "--service", paramLabel = "MODE", defaultValue = "child",
            description = "child (the service in its own JVM) or in-process")
    private String service;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "2", description = "random seed")
    @Range(min = 0, max = Integer.MAX_VALUE)
    private long seed;

    private List<Integer> users;
    private ThinkTime think;
    private List<BlockingStack> stacks;

    @Override
    protected void resolve() throws UsageException {
        users = OptionValues.ascendingInts("--users", userList, 1, 20_000);
        try {
            think = ThinkTime.parseMillis(thinkSpec);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--think-ms: " + e.getMessage());
        }
        if (!service.equals("child") && !service.equals("in-process")) {
            throw new UsageException("--service must be child or in-process, was '" + service + "'");
        }
        stacks = OptionValues.labels("--stacks", stackList, BlockingStack.labels()).stream().map(BlockingStack::of).toList();
    }

    /** The concurrent user counts, ascending. */
    public List<Integer> users() {
        return users;
    }

    /** Requests per user. */
    public int repetitions() {
        return repetitions;
    }

    /** The pause between a user's requests. */
    public ThinkTime think() {
        return think;
    }

    /** The downstream's delay. */
    public int delayMillis() {
        return delayMillis;
    }

    /** Users start evenly over this span. */
    public Duration ramp() {
        return Duration.ofMillis(Math.round(rampSeconds * 1000));
    }

    /** The stacks compared. */
    public List<BlockingStack> stacks() {
        return stacks;
    }

    /** Run the service in a JVM of its own. */
    public boolean inChild() {
        return service.equals("child");
    }

    /** The random seed. */
    public long seed() {
        return seed;
    }

    /** The longest a run of {@code n} users should take: ramp plus every repetition at the longest think time. */
    public Duration runBound() {
        return ramp().plus(think.max().plusMillis(delayMillis).multipliedBy(repetitions)).plusSeconds(10);
    }

    /** The expected length of one run: ramp plus the repetitions at the mean think time. */
    public long expectedRunNanos() {
        long meanThink = (think.min().toNanos() + think.max().toNanos()) / 2;
        return ramp().toNanos() + repetitions * (meanThink + delayMillis * 1_000_000L);
    }
}
