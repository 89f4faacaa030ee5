package dev.firebreak.lab.experiment.tuning;

import dev.firebreak.lab.experiment.Labelled;
import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.isolation.ThreadPoolConfig;
import java.time.Duration;
import java.util.List;

/**
 * The configurations of seed 003's tuning experiment, in Hystrix's property names, on Firebreak's
 * THREAD isolation, next to Firebreak's VIRTUAL isolation and the unguarded service.
 */
public enum TuningConfig implements Labelled {
    /** The seed's raw interface test: no guard. */
    UNGUARDED("unguarded", "no guard: the dependency called on the request's own (virtual) thread"),
    /** Hystrix's defaults: coreSize 10, no queue, 1000 ms timeout, breaker 20 requests / 50 % / 5 s. */
    HYSTRIX_DEFAULTS("thread-hystrix-defaults", "THREAD: coreSize 10, maxQueueSize -1, timeout 1000 ms, breaker 20 / 50% / 5000 ms"),
    /** The seed's first configuration ("by the maximum concurrency"). */
    SEED_FIRST("thread-seed-first", "THREAD: coreSize 20, maximumSize 300 (diverge), maxQueueSize 200, queueSizeRejectionThreshold 200, "
            + "timeout disabled, breaker 40 / 20% / 8000 ms, fallback semaphore 100"),
    /** The seed's Little's-law configuration. */
    SEED_LITTLE("thread-seed-littles-law", "THREAD: coreSize 200, maximumSize 250 (diverge), maxQueueSize 200, queueSizeRejectionThreshold 200, "
            + "timeout 700 ms, breaker 20 / 10% / 5000 ms, fallback semaphore 25"),
    /** Firebreak's VIRTUAL isolation with the Little's-law admission bound (250 threads + 200 queued) and no queue. */
    FIREBREAK_VIRTUAL("virtual-firebreak", "VIRTUAL: at most 450 at once (the Little's-law config's 250 threads + 200 queued), "
            + "each on its own virtual thread, no queue; timeout 700 ms, breaker 20 / 10% / 5000 ms");

    private final String label;
    private final String description;

    TuningConfig(String label, String description) {
        this.label = label;
        this.description = description;
    }

    /** The name in reports and on the command line. */
    public String label() {
        return label;
    }

    /** The configuration, in words. */
    public String description() {
        return description;
    }

    /** Every label. */
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

    /** The configuration with this label. */
    public static TuningConfig of(String label) {
        return Labelled.find(values(), label, () -> "no configuration '" + label + "'");
    }

    /** A fresh guard in a registry of its own, or null for {@link #UNGUARDED}. No fallback: every failure counts as an error. */
    public Guard newGuard() {
        GuardRegistry registry = GuardRegistry.builder().build();
        return switch (this) {
            case UNGUARDED -> null;
            case HYSTRIX_DEFAULTS -> registry.guard("service").isolation(Isolation.threadPool(ThreadPoolConfig.defaults())).build();
            case SEED_FIRST -> registry.guard("service")
                    .isolation(Isolation.threadPool(ThreadPoolConfig.builder().coreSize(20).maximumSize(300)
                            .allowMaximumSizeToDivergeFromCoreSize(true).maxQueueSize(200).queueSizeRejectionThreshold(200).build()))
                    .configure(c -> c.timeout(to -> to.enabled(false)).breaker(cb -> cb.errorThresholdPercentage(20)
                            .requestVolumeThreshold(40).sleepWindow(Duration.ofMillis(8000)))
                            .fallback(fb -> fb.maxConcurrentRequests(100)))
                    .build();
            case SEED_LITTLE -> registry.guard("service")
                    .isolation(Isolation.threadPool(littlesLawPool()))
                    .configure(TuningConfig::littlesLawCommand)
                    .build();
            case FIREBREAK_VIRTUAL -> registry.guard("service")
                    .isolation(Isolation.virtualThreads(450))
                    .configure(TuningConfig::littlesLawCommand)
                    .build();
        };
    }

    private static ThreadPoolConfig littlesLawPool() {
        return ThreadPoolConfig.builder().coreSize(200).maximumSize(250).allowMaximumSizeToDivergeFromCoreSize(true)
                .maxQueueSize(200).queueSizeRejectionThreshold(200).build();
    }

    private static void littlesLawCommand(dev.firebreak.GuardConfig.Builder c) {
        c.timeout(to -> to.enabled(true).timeout(Duration.ofMillis(700))).breaker(cb -> cb.errorThresholdPercentage(10)
                .requestVolumeThreshold(20).sleepWindow(Duration.ofMillis(5000)))
                .fallback(fb -> fb.maxConcurrentRequests(25));
    }
}
