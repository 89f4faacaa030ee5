package dev.firebreak.lab.experiment.collapse;

import dev.firebreak.lab.experiment.Labelled;
import dev.firebreak.collapse.CollapserConfig;
import dev.firebreak.collapse.DispatchStrategy;
import dev.firebreak.lab.peers.DirectBackend;
import dev.firebreak.lab.peers.FirebreakCollapserBackend;
import dev.firebreak.lab.peers.FirebreakGuardBackend;
import dev.firebreak.lab.peers.HystrixCollapserBackend;
import dev.firebreak.lab.peers.HystrixCommandBackend;
import dev.firebreak.lab.peers.Resilience4jBackend;
import dev.firebreak.lab.service.IntegersBackend;
import dev.firebreak.lab.service.RandomOrgClient;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;

/** The ways the demo service reaches the downstream in the {@code collapse} experiment. */
public enum CollapseVariant implements Labelled {
    /** No protection, no batching. */
    NONE("none", "unprotected", false, ctx -> new DirectBackend(ctx.client())),
    /** Resilience4j circuit breaker + thread-pool bulkhead (100/100) + time limiter (2 s); it has no collapser. */
    RESILIENCE4J("resilience4j", "resilience4j", false, ctx -> new Resilience4jBackend(ctx.client())),
    /** The seed's Hystrix command per request (pool 100, queue 100, 2 s), unbatched. */
    HYSTRIX_COMMAND("hystrix-command", "hystrix", false, ctx -> new HystrixCommandBackend(ctx.label(), ctx.client())),
    /** A Firebreak guard per request (VIRTUAL isolation, limit 200, 2 s), unbatched. */
    FIREBREAK_GUARD("firebreak-guard", "firebreak", false, ctx -> new FirebreakGuardBackend(ctx.client())),
    /** The seed's GLOBAL Hystrix collapser with a 10 ms window (Hystrix's default). */
    HYSTRIX_TIMER_10MS("hystrix-timer-10ms", "hystrix", true, ctx -> new HystrixCollapserBackend(ctx.label(), 10, ctx.client())),
    /** The seed's GLOBAL Hystrix collapser with a 100 ms window (the seed's setting). */
    HYSTRIX_TIMER_100MS("hystrix-timer-100ms", "hystrix", true, ctx -> new HystrixCollapserBackend(ctx.label(), 100, ctx.client())),
    /** Firebreak's collapser, TIMER with a 10 ms window (the window opens on the first request). */
    FIREBREAK_TIMER_10MS("firebreak-timer-10ms", "firebreak", true, ctx -> new FirebreakCollapserBackend(ctx.label(), ctx.client(),
            c -> c.dispatchStrategy(DispatchStrategy.TIMER).timerDelay(Duration.ofMillis(10)))),
    /** Firebreak's collapser, TIMER with a 100 ms window. */
    FIREBREAK_TIMER_100MS("firebreak-timer-100ms", "firebreak", true, ctx -> new FirebreakCollapserBackend(ctx.label(), ctx.client(),
            c -> c.dispatchStrategy(DispatchStrategy.TIMER).timerDelay(Duration.ofMillis(100)))),
    /**
     * Firebreak's collapser, LOAD_AWARE with the library's defaults (k = min(8, the guard's bound),
     * linger up to 5 ms with a 1 ms quiet gap, only while batches are in flight; paced departures).
     */
    FIREBREAK_LOAD_AWARE("firebreak-load-aware", "firebreak", true, ctx -> new FirebreakCollapserBackend(ctx.label(), ctx.client(),
            c -> c.dispatchStrategy(DispatchStrategy.LOAD_AWARE))),
    /**
     * LOAD_AWARE tuned to send no more downstream calls than Hystrix's 100 ms window
     * ({@code --load-aware-vs100ms K:LINGER_US:GAP_US}, default {@link CollapseSettings#DEFAULT_VS_100MS}).
     */
    FIREBREAK_LOAD_AWARE_VS_100MS("firebreak-load-aware-vs100ms", "firebreak", true, ctx -> new FirebreakCollapserBackend(ctx.label(),
            ctx.client(), ctx.vs100ms()::configure)),
    /**
     * LOAD_AWARE tuned to send no more downstream calls than Hystrix's 10 ms window
     * ({@code --load-aware-vs10ms K:LINGER_US:GAP_US}, default {@link CollapseSettings#DEFAULT_VS_10MS}).
     */
    FIREBREAK_LOAD_AWARE_VS_10MS("firebreak-load-aware-vs10ms", "firebreak", true, ctx -> new FirebreakCollapserBackend(ctx.label(),
            ctx.client(), ctx.vs10ms()::configure));

    /**
     * What a variant is built from.
     *
     * @param label the variant's label (its keys and names derive from it)
     * @param client the downstream client
     * @param vs100ms the settings of {@code firebreak-load-aware-vs100ms}
     * @param vs10ms the settings of {@code firebreak-load-aware-vs10ms}
     */
    public record Context(String label, RandomOrgClient client, LoadAware vs100ms, LoadAware vs10ms) {
    }

    /**
     * The three LOAD_AWARE properties of a tuned variant.
     *
     * @param k {@code loadAware.maxBatchesInFlight}
     * @param lingerMicros {@code loadAware.lingerInMicroseconds}
     * @param gapMicros {@code loadAware.lingerGapInMicroseconds}
     */
    public record LoadAware(int k, int lingerMicros, int gapMicros) {

        /** Sets LOAD_AWARE with these properties on {@code c}. */
        public void configure(CollapserConfig.Builder c) {
            c.dispatchStrategy(DispatchStrategy.LOAD_AWARE).loadAwareMaxBatchesInFlight(k)
                    .loadAwareLingerInMicroseconds(lingerMicros).loadAwareLingerGapInMicroseconds(gapMicros);
        }

        @Override
        public String toString() {
            return k + ":" + lingerMicros + ":" + gapMicros;
        }
    }

    private final String label;
    private final String library;
    private final boolean batched;
    private final Function<Context, IntegersBackend> factory;

    CollapseVariant(String label, String library, boolean batched, Function<Context, IntegersBackend> factory) {
        this.label = label;
        this.library = library;
        this.batched = batched;
        this.factory = factory;
    }

    /** The name on the command line and in the reports. */
    public String label() {
        return label;
    }

    /** The library it exercises (the chart's series). */
    public String library() {
        return library;
    }

    /** True if it collapses requests into batches. */
    public boolean batched() {
        return batched;
    }

    /** True if it uses Hystrix, whose static state must be reset after it. */
    public boolean usesHystrix() {
        return library.equals("hystrix");
    }

    /** A fresh backend over {@code client}, LOAD_AWARE set as {@code settings} say. */
    public IntegersBackend create(RandomOrgClient client, CollapseSettings settings) {
        return factory.apply(new Context(label, client, settings.vs100ms(), settings.vs10ms()));
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
    public static CollapseVariant of(String label) {
        return Labelled.find(values(), label, () -> "no variant " + label);
    }
}
