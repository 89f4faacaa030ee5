package dev.firebreak.lab.experiment.shed;

import dev.firebreak.context.Criticality;
import dev.firebreak.lab.experiment.overload.RequestMix;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The shed experiment's load mix: each request's {@link Criticality} drawn independently from a seeded
 * random with fixed shares (by default issue 38's 2 % CRITICAL_PLUS, 6 % CRITICAL, 22 % SHEDDABLE_PLUS,
 * 70 % SHEDDABLE, so that the critical load alone stays below the capacity up to 10x). The same seed
 * gives every variant the same sequence of levels.
 */
public final class ShedMix implements RequestMix<Criticality> {

    /** Issue 38's shares, most important first. */
    public static final Map<Criticality, Double> ISSUE_SHARES = shares(0.02, 0.06, 0.22, 0.70);

    /**
     * The peer's guaranteed partition shares of its limit: each critical level what it needs at the top
     * step (its share of the mix x 10 x the capacity, as a share of a limit near the capacity: 0.2 and
     * 0.6), the sheddable levels the rest, the higher more (0.15, 0.05). Shares proportional to the mix
     * would guarantee the critical levels 8 % of the limit, a tenth of what they need at 10x.
     */
    public static final Map<Criticality, Double> PEER_PARTITIONS = shares(0.2, 0.6, 0.15, 0.05);

    private static final List<Criticality> LEVELS = List.of(Criticality.values());

    private final Map<Criticality, Double> shares;
    private final double[] cumulative;
    private final SplittableRandom random;

    /**
     * @param shares each level's share of the requests (every level, each in [0, 1], summing to 1 within 1e-9)
     * @param seed the random's seed
     * @throws IllegalArgumentException naming the level and its share if the shares break that rule
     */
    public ShedMix(Map<Criticality, Double> shares, long seed) {
        double sum = 0;
        cumulative = new double[LEVELS.size()];
        for (Criticality level : LEVELS) {
            Double share = shares.get(level);
            if (share == null || !(share >= 0 && share <= 1)) {
                throw new IllegalArgumentException("share of " + level + " must be between 0 and 1, was " + share);
            }
            sum += share;
            cumulative[level.ordinal()] = sum;
        }
        if (Math.abs(sum - 1) > 1e-9) {
            throw new IllegalArgumentException("the shares must sum to 1, were " + shares + " (sum " + String.format(java.util.Locale.ROOT, "%.6f", sum) + ")");
        }
        this.shares = Collections.unmodifiableMap(new EnumMap<>(shares));
        this.random = new SplittableRandom(seed);
    }

    /** Issue 38's mix. */
    public static ShedMix issue(long seed) {
        return new ShedMix(ISSUE_SHARES, seed);
    }

    /** The shares, most important first. */
    public Map<Criticality, Double> shares() {
        return shares;
    }

    /** The share of {@code level}. */
    public double share(Criticality level) {
        return shares.get(level);
    }

    @Override
    public List<Criticality> classes() {
        return LEVELS;
    }

    @Override
    public Criticality draw() {
        double u = random.nextDouble();
        for (int i = 0; i < cumulative.length - 1; i++) {
            if (u < cumulative[i]) {
                return LEVELS.get(i);
            }
        }
        return LEVELS.getLast();
    }

    private static Map<Criticality, Double> shares(double criticalPlus, double critical, double sheddablePlus, double sheddable) {
        Map<Criticality, Double> map = new EnumMap<>(Criticality.class);
        map.put(Criticality.CRITICAL_PLUS, criticalPlus);
        map.put(Criticality.CRITICAL, critical);
        map.put(Criticality.SHEDDABLE_PLUS, sheddablePlus);
        map.put(Criticality.SHEDDABLE, sheddable);
        return Collections.unmodifiableMap(map);
    }
}
