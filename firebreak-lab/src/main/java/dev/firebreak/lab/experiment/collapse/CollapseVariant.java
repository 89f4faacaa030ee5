package dev.firebreak.lab.experiment.collapse;

import dev.firebreak.collapse.DispatchStrategy;
import dev.firebreak.lab.peers.DirectBackend;
import dev.firebreak.lab.peers.FirebreakCollapserBackend;
import dev.firebreak.lab.peers.FirebreakGuardBackend;
import dev.firebreak.lab.peers.HystrixCollapserBackend;
import dev.firebreak.lab.peers.HystrixCommandBackend;
import dev.firebreak.lab.peers.Resilience4jBackend;
import dev.firebreak.lab.service.IntegersBackend;
import dev.firebreak.lab.service.RandomOrgClient;
import java.util.Arrays;
import java.util.List;
import java.util.function.BiFunction;

/** The ways the demo service reaches the downstream in the {@code collapse} experiment. */
public enum CollapseVariant {
    /** No protection, no batching. */
    NONE("none", "unprotected", false, (name, client) -> new DirectBackend(client)),
    /** Resilience4j circuit breaker + thread-pool bulkhead (100/100) + time limiter (2 s); it has no collapser. */
    RESILIENCE4J("resilience4j", "resilience4j", false, (name, client) -> new Resilience4jBackend(client)),
    /** The seed's Hystrix command per request (pool 100, queue 100, 2 s), unbatched. */
    HYSTRIX_COMMAND("hystrix-command", "hystrix", false, HystrixCommandBackend::new),
    /** A Firebreak guard per request (VIRTUAL isolation, limit 200, 2 s), unbatched. */
    FIREBREAK_GUARD("firebreak-guard", "firebreak", false, (name, client) -> new FirebreakGuardBackend(client)),
    /** The seed's GLOBAL Hystrix collapser with a 10 ms window (Hystrix's default). */
    HYSTRIX_TIMER_10MS("hystrix-timer-10ms", "hystrix", true, (name, client) -> new HystrixCollapserBackend(name, 10, client)),
    /** The seed's GLOBAL Hystrix collapser with a 100 ms window (the seed's setting). */
    HYSTRIX_TIMER_100MS("hystrix-timer-100ms", "hystrix", true, (name, client) -> new HystrixCollapserBackend(name, 100, client)),
    /** Firebreak's collapser, TIMER with a 10 ms window (the window opens on the first request). */
    FIREBREAK_TIMER_10MS("firebreak-timer-10ms", "firebreak", true, (name, client) -> new FirebreakCollapserBackend(name, client,
            c -> c.dispatchStrategy(DispatchStrategy.TIMER).timerDelayInMilliseconds(10))),
    /** Firebreak's collapser, TIMER with a 100 ms window. */
    FIREBREAK_TIMER_100MS("firebreak-timer-100ms", "firebreak", true, (name, client) -> new FirebreakCollapserBackend(name, client,
            c -> c.dispatchStrategy(DispatchStrategy.TIMER).timerDelayInMilliseconds(100))),
    /**
     * Firebreak's collapser, LOAD_AWARE: at most {@value #LOAD_AWARE_K} batches in flight, a
     * {@value #LOAD_AWARE_LINGER_MICROS} µs linger while a slot is free.
     */
    FIREBREAK_LOAD_AWARE("firebreak-load-aware", "firebreak", true, (name, client) -> new FirebreakCollapserBackend(name, client,
            c -> c.dispatchStrategy(DispatchStrategy.LOAD_AWARE).loadAwareMaxBatchesInFlight(CollapseVariant.LOAD_AWARE_K)
                    .loadAwareLingerInMicroseconds(CollapseVariant.LOAD_AWARE_LINGER_MICROS)));

    /** LOAD_AWARE's batches in flight in the {@code firebreak-load-aware} variant. */
    public static final int LOAD_AWARE_K = 4;
    /** LOAD_AWARE's linger in the {@code firebreak-load-aware} variant. */
    public static final int LOAD_AWARE_LINGER_MICROS = 1000;

    private final String label;
    private final String library;
    private final boolean batched;
    private final BiFunction<String, RandomOrgClient, IntegersBackend> factory;

    CollapseVariant(String label, String library, boolean batched, BiFunction<String, RandomOrgClient, IntegersBackend> factory) {
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

    /** A fresh backend over {@code client}. */
    public IntegersBackend create(RandomOrgClient client) {
        return factory.apply(label, client);
    }

    /** Every label, in declaration order. */
    public static List<String> labels() {
        return Arrays.stream(values()).map(CollapseVariant::label).toList();
    }

    /** The variant called {@code label}. */
    public static CollapseVariant of(String label) {
        return Arrays.stream(values()).filter(v -> v.label.equals(label)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no variant " + label));
    }
}
