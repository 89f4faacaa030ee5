package dev.firebreak.lab.experiment.fanout;

import dev.firebreak.lab.experiment.Labelled;
import java.util.List;

/** The ways of fetching the seed's 20 clients, in the order the report lists them. */
public enum FanoutVariant implements Labelled {
    /** One blocking call after the other on the caller's thread (the seed's sequential stream). */
    SEQUENTIAL("sequential", "blocking calls one after the other on the caller's thread"),
    /** {@code ids.parallelStream()} over blocking calls: the common ForkJoinPool plus the caller. */
    PARALLEL_STREAM("parallel-stream", "blocking calls from a parallel stream (common ForkJoinPool + caller)"),
    /** {@code CompletableFuture.supplyAsync(blockingCall, pool)} on a fixed 100-thread pool (the seed's last step). */
    COMPLETABLE_FUTURE_POOL("completable-future-100", "CompletableFuture.supplyAsync over blocking calls on a 100-thread pool"),
    /** One virtual thread per blocking call. */
    VIRTUAL_THREADS("virtual-threads", "a virtual thread per blocking call (Executors.newVirtualThreadPerTaskExecutor)"),
    /** Firebreak {@code guard.submitAsync} over the JDK HTTP client's {@code sendAsync}: no thread waits. */
    FIREBREAK_ASYNC("firebreak-submitAsync", "Firebreak guard.submitAsync over HttpClient.sendAsync (SEMAPHORE guard, no thread waits)"),
    /** A Firebreak collapser: the 20 requests leave as one batch call. */
    COLLAPSED("firebreak-collapsed", "Firebreak Collapser (TIMER 10 ms, batchAsync): one downstream call for all ids");

    private final String label;
    private final String description;

    FanoutVariant(String label, String description) {
        this.label = label;
        this.description = description;
    }

    /** The name in reports and on the command line. */
    public String label() {
        return label;
    }

    /** What it does, one line. */
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

    /** The variant with this label. */
    public static FanoutVariant of(String label) {
        return Labelled.find(values(), label, () -> "no fan-out variant '" + label + "'");
    }

    /** True if a caller holds no platform thread while waiting, by design (what the goal asks). */
    public boolean nonBlockingByDesign() {
        return this == FIREBREAK_ASYNC || this == COLLAPSED;
    }
}
