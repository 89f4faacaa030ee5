package dev.firebreak.lab.experiment.blocking;

import dev.firebreak.lab.cli.Args;
import dev.firebreak.lab.cli.UsageException;
import dev.firebreak.lab.load.ThinkTime;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The options of {@code ./firebreak lab blocking}.
 *
 * @param quick the CI run
 * @param users the concurrent user counts, ascending
 * @param repetitions requests per user
 * @param think the pause between a user's requests
 * @param delayMillis the downstream's delay
 * @param ramp users start evenly over this span
 * @param stacks the stacks compared
 * @param inChild run the service in a JVM of its own
 * @param seed the random seed
 * @param csv also write the CSV here (null: only in the results folder)
 * @param out the results root (null: the environment's)
 */
public record BlockingSettings(boolean quick, List<Integer> users, int repetitions, ThinkTime think, int delayMillis,
        Duration ramp, List<BlockingStack> stacks, boolean inChild, long seed, Path csv, Path out) {

    /** Options without a value. */
    public static final Set<String> FLAGS = Set.of("quick");
    /** Options with a value. */
    public static final Set<String> OPTIONS = Set.of("users", "repetitions", "think-ms", "delay-ms", "ramp-s", "stacks",
            "service", "seed", "csv", "out");

    /** The seed's user counts plus 10,000. */
    public static final List<Integer> FULL_USERS = List.of(300, 1000, 1500, 3000, 5000, 10_000);

    /** The usage text. */
    public static final String USAGE = """
            ./firebreak lab blocking [options]   seed 002: a pass-through over a 300 ms downstream, 300..10000 users
              --quick              CI run: 300 and 2000 users, 1 request each, 2 s ramp (under a minute)
              --users N,N,...      concurrent users (default 300,1000,1500,3000,5000,10000)
              --repetitions N      requests per user (default 30, as in the seed)
              --think-ms MIN-MAX   pause between a user's requests (default 1000-2000, as in the seed)
              --delay-ms MS        the downstream's delay (default 300)
              --ramp-s S           users start evenly over S seconds (default 5; --quick 2)
              --stacks A,B         any of %s
              --service MODE       child (default: the service in its own JVM) or in-process
              --seed N             random seed (default 2)
              --csv FILE           also write the CSV to FILE
              --out DIR            results root (default results/)
            """.formatted(String.join(", ", BlockingStack.labels()));

    /** Reads the settings from parsed arguments. */
    public static BlockingSettings from(Args args) throws UsageException {
        if (!args.positional().isEmpty()) {
            throw new UsageException("unexpected argument '" + args.positional().get(0) + "'");
        }
        boolean quick = args.flag("quick");
        List<Integer> users = new ArrayList<>(quick ? List.of(300, 2000) : FULL_USERS);
        if (args.value("users").isPresent()) {
            users.clear();
            for (String item : args.value("users").get().split(",")) {
                try {
                    int n = Integer.parseInt(item.trim());
                    if (n < 1 || n > 20_000) {
                        throw new NumberFormatException();
                    }
                    users.add(n);
                } catch (NumberFormatException e) {
                    throw new UsageException("--users item '" + item.trim() + "' must be an integer between 1 and 20000");
                }
            }
        }
        users = users.stream().distinct().sorted().toList();
        ThinkTime think;
        try {
            think = ThinkTime.parseMillis(args.value("think-ms").orElse("1000-2000"));
        } catch (IllegalArgumentException e) {
            throw new UsageException("--think-ms: " + e.getMessage());
        }
        String service = args.value("service").orElse("child");
        if (!service.equals("child") && !service.equals("in-process")) {
            throw new UsageException("--service must be child or in-process, was '" + service + "'");
        }
        List<BlockingStack> stacks = args.listValue("stacks", BlockingStack.labels(), BlockingStack.labels())
                .stream().map(BlockingStack::of).toList();
        double ramp = args.doubleValue("ramp-s", quick ? 2 : 5, 0, 600);
        return new BlockingSettings(quick, users, args.intValue("repetitions", quick ? 1 : 30, 1, 1000), think,
                args.intValue("delay-ms", 300, 1, 60_000), Duration.ofMillis(Math.round(ramp * 1000)), stacks,
                service.equals("child"), args.intValue("seed", 2, 0, Integer.MAX_VALUE),
                args.value("csv").map(Path::of).orElse(null), args.value("out").map(Path::of).orElse(null));
    }

    /** The longest a run of {@code n} users should take: ramp plus every repetition at the longest think time. */
    public Duration runBound() {
        return ramp.plus(think.max().plusMillis(delayMillis).multipliedBy(repetitions)).plusSeconds(10);
    }

    /** The expected length of one run: ramp plus the repetitions at the mean think time. */
    public long expectedRunNanos() {
        long meanThink = (think.min().toNanos() + think.max().toNanos()) / 2;
        return ramp.toNanos() + repetitions * (meanThink + delayMillis * 1_000_000L);
    }
}
