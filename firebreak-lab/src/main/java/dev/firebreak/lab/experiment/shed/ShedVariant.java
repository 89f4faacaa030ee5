package dev.firebreak.lab.experiment.shed;

import dev.firebreak.lab.experiment.Labelled;
import dev.firebreak.lab.experiment.overload.GuardCaller;
import dev.firebreak.lab.experiment.overload.NetflixLimiterCaller;
import dev.firebreak.lab.experiment.overload.OverloadCaller;
import dev.firebreak.lab.experiment.overload.UnprotectedCaller;
import dev.firebreak.lab.experiment.overload.VariantContext;
import dev.firebreak.limit.LimitKind;
import dev.firebreak.priority.PriorityConfig;
import java.util.List;
import java.util.function.Function;

/** The shed experiment's variants, named in the CSV as issue 38 gives them, each on fresh parts. */
public enum ShedVariant implements Labelled {
    /** No protection. */
    NONE("none", "unprotected: the HTTP call alone, every request reaches the downstream", UnprotectedCaller::new),
    /** Firebreak's static semaphore. */
    STATIC("static", "a static concurrency limit: Firebreak SEMAPHORE isolation of seed 003's Little's-law size, no priorities",
            GuardCaller::fixed),
    /** Firebreak AIMD without priorities. */
    FIREBREAK_ADAPTIVE("firebreak-adaptive", "Firebreak's adaptive limit without priorities: limit.algorithm = AIMD with the "
            + "latency threshold from --aimd-threshold (the overload experiment's best)", context -> GuardCaller.adaptive(context, LimitKind.AIMD)),
    /** Firebreak's adaptive limit with priorities. */
    FIREBREAK_PRIORITY("firebreak-priority", "Firebreak's adaptive limit with priorities: firebreak-adaptive's AIMD with "
            + "priority.enabled = true (dev.firebreak.priority's calibrated threshold, library defaults otherwise: no guaranteed shares) "
            + "and the isolation's wait for a permit from --critical-wait, which only its critical calls use",
            context -> GuardCaller.adaptive(context, LimitKind.AIMD, guard -> guard.priorities(PriorityConfig.builder().enabled(true).build())
                    .configure(c -> c.isolation(i -> i.semaphoreMaxWait(context.criticalWait()))))),
    /** Netflix concurrency-limits' partitioned limiter. */
    CONCURRENCY_LIMITS("concurrency-limits", "the peer: Netflix concurrency-limits 0.5.4's partitioned limiter (AbstractPartitionedLimiter, "
            + "Gradient2Limit with the same initial/min/max as Firebreak's), a partition per level with the guaranteed shares "
            + "CRITICAL_PLUS 0.2, CRITICAL 0.6, SHEDDABLE_PLUS 0.15, SHEDDABLE 0.05 (see ShedMix.PEER_PARTITIONS)", context -> NetflixLimiterCaller.partitioned(context, ShedMix.PEER_PARTITIONS)),
    /** Sentinel's system rule. */
    SENTINEL("sentinel", "Sentinel 1.8.9's system rule over inbound (EntryType.IN) async entries: maxThread at seed 003's "
            + "Little's-law size (its load- and CPU-gated adaptive check cannot see a loopback downstream), no priorities", SentinelSystemCaller::new);

    private final String label;
    private final String description;
    private final Function<VariantContext, OverloadCaller> factory;

    ShedVariant(String label, String description, Function<VariantContext, OverloadCaller> factory) {
        this.label = label;
        this.description = description;
        this.factory = factory;
    }

    @Override
    public String label() {
        return label;
    }

    /** One line on what it is. */
    public String description() {
        return description;
    }

    /** A caller for one run on fresh parts; close it after the run. */
    public OverloadCaller open(VariantContext context) {
        return factory.apply(context);
    }

    /** Every label, in declaration order. */
    public static List<String> labels() {
        return Labelled.labels(values());
    }

    /** Every label, for an option's declaration ({@code completionCandidates}: the help text lists them). */
    public static final class Labels implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return labels().iterator();
        }
    }

    /** The variant called {@code label}. */
    public static ShedVariant of(String label) {
        return Labelled.find(values(), label, () -> "no variant " + label);
    }
}
