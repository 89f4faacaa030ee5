package dev.firebreak.lab.experiment.overload;

import dev.firebreak.lab.experiment.Labelled;
import dev.firebreak.limit.LimitKind;
import java.util.List;
import java.util.function.Function;

/** The overload experiment's variants, side by side in one run, each on fresh parts. */
public enum OverloadVariant implements Labelled {
    /** No protection. */
    UNPROTECTED("unprotected", false, "the HTTP call alone: every request reaches the downstream", UnprotectedCaller::new),
    /** Hystrix THREAD pool, seed 003's sizes. */
    HYSTRIX("hystrix-thread", false, "Hystrix 1.5.18 THREAD isolation, pool, queue and timeout sized by seed 003's rules; "
            + "breaker off, no fallback", HystrixCaller::new),
    /** Resilience4j semaphore bulkhead. */
    RESILIENCE4J("resilience4j-bulkhead", false, "Resilience4j 2.4.0 semaphore Bulkhead, seed 003's Little's-law size, no wait",
            BulkheadCaller::new),
    /** Netflix concurrency-limits Gradient2. */
    NETFLIX_GRADIENT2("concurrency-limits-gradient2", true, "Netflix concurrency-limits 0.5.4 SimpleLimiter with Gradient2Limit "
            + "(the peer), the same initial/min/max limits as Firebreak's adaptive variants", NetflixLimiterCaller::new),
    /** Firebreak static semaphore. */
    FIREBREAK_SEMAPHORE("firebreak-semaphore", false, "Firebreak SEMAPHORE isolation, seed 003's Little's-law size; breaker off, "
            + "no fallback", GuardCaller::fixed),
    /** Firebreak AIMD. */
    FIREBREAK_AIMD("firebreak-aimd", true, "Firebreak SEMAPHORE isolation driven by limit.algorithm = AIMD with "
            + "limit.aimd.latencyThresholdInMilliseconds from --aimd-threshold (library defaults otherwise)",
            context -> GuardCaller.adaptive(context, LimitKind.AIMD)),
    /** Firebreak Gradient2. */
    FIREBREAK_GRADIENT2("firebreak-gradient2", true, "Firebreak SEMAPHORE isolation driven by limit.algorithm = GRADIENT2 (library "
            + "defaults otherwise)", context -> GuardCaller.adaptive(context, LimitKind.GRADIENT2)),
    /** Firebreak Vegas. */
    FIREBREAK_VEGAS("firebreak-vegas", true, "Firebreak SEMAPHORE isolation driven by limit.algorithm = VEGAS (library defaults "
            + "otherwise)", context -> GuardCaller.adaptive(context, LimitKind.VEGAS));

    private final String label;
    private final boolean adaptive;
    private final String description;
    private final Function<VariantContext, OverloadCaller> factory;

    OverloadVariant(String label, boolean adaptive, String description, Function<VariantContext, OverloadCaller> factory) {
        this.label = label;
        this.adaptive = adaptive;
        this.description = description;
        this.factory = factory;
    }

    @Override
    public String label() {
        return label;
    }

    /** True if its limit adapts (the report gives its settle times). */
    public boolean adaptive() {
        return adaptive;
    }

    /** True for Firebreak's own adaptive variants (the goals are theirs). */
    public boolean firebreakAdaptive() {
        return adaptive && label.startsWith("firebreak-");
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
    public static OverloadVariant of(String label) {
        return Labelled.find(values(), label, () -> "no variant " + label);
    }
}
