package dev.firebreak.micrometer;

import dev.firebreak.hedge.Hedge;
import dev.firebreak.hedge.HedgeMetrics;
import dev.firebreak.retry.Retry;
import dev.firebreak.retry.RetryMetrics;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import java.util.function.ToDoubleFunction;

/**
 * The meters of the call policies, tagged {@code name} and {@code guard}: calls, attempts and the
 * policy's events (FunctionCounters over its cumulative counts). Retry: {@code firebreak.retry.calls},
 * {@code firebreak.retry.attempts}, {@code firebreak.retry.events{event=retried|retry_budget_exhausted|
 * deadline_reached|fallback}}. Hedge: {@code firebreak.hedge.calls}, {@code firebreak.hedge.attempts},
 * {@code firebreak.hedge.events{event=hedged|hedge_budget_exhausted|hedge_win|loser_cancelled}}.
 * Each attempt is a guarded call, so the guard's own meters count the attempts by outcome.
 *
 * <p>{@link FirebreakMetrics} binds every policy of its guard registry ({@code RetryRegistry.of(registry)},
 * {@code HedgeRegistry.of(registry)}) on its own, as it is built, and removes its meters when it leaves;
 * bind a policy here only to publish it without that binder. Closing the returned handle removes the meters.
 */
public final class CallPolicyMeters implements AutoCloseable {

    private final MeterSet meters;

    private CallPolicyMeters(MeterRegistry registry) {
        this.meters = new MeterSet(registry);
    }

    /** Registers the meters of {@code retry}. */
    public static CallPolicyMeters bind(Retry retry, MeterRegistry registry) {
        CallPolicyMeters bound = new CallPolicyMeters(registry);
        Tags tags = Tags.of("name", retry.name(), "guard", retry.guard().name());
        RetryMetrics m = retry.metrics();
        bound.counter(registry, "firebreak.retry.calls", tags, null, m, x -> x.calls(), "Calls made through the retry policy");
        bound.counter(registry, "firebreak.retry.attempts", tags, null, m, x -> x.attempts(),
                "Attempts started (guarded calls), the first ones included");
        bound.counter(registry, "firebreak.retry.events", tags, "retried", m, x -> x.retried(), "Retries made");
        bound.counter(registry, "firebreak.retry.events", tags, "retry_budget_exhausted", m, x -> x.budgetExhausted(),
                "Retries refused by the retry budget");
        bound.counter(registry, "firebreak.retry.events", tags, "deadline_reached", m, x -> x.deadlineReached(),
                "Retries not made because their wait would end past the deadline");
        bound.counter(registry, "firebreak.retry.events", tags, "fallback", m, x -> x.fallbacks(),
                "Fallbacks run after a call's last attempt");
        return bound;
    }

    /** Registers the meters of {@code hedge}. */
    public static CallPolicyMeters bind(Hedge hedge, MeterRegistry registry) {
        CallPolicyMeters bound = new CallPolicyMeters(registry);
        Tags tags = Tags.of("name", hedge.name(), "guard", hedge.guard().name());
        HedgeMetrics m = hedge.metrics();
        bound.counter(registry, "firebreak.hedge.calls", tags, null, m, x -> x.calls(), "Calls made through the hedging policy");
        bound.counter(registry, "firebreak.hedge.attempts", tags, null, m, x -> x.attempts(),
                "Attempts started (guarded calls), the first ones included");
        bound.counter(registry, "firebreak.hedge.events", tags, "hedged", m, x -> x.hedged(), "Hedges started");
        bound.counter(registry, "firebreak.hedge.events", tags, "hedge_budget_exhausted", m, x -> x.budgetExhausted(),
                "Hedges refused by the hedge budget");
        bound.counter(registry, "firebreak.hedge.events", tags, "hedge_win", m, x -> x.hedgeWins(),
                "Calls whose answer came from a hedge");
        bound.counter(registry, "firebreak.hedge.events", tags, "loser_cancelled", m, x -> x.losersCancelled(),
                "Attempts cancelled because another attempt of their call won");
        return bound;
    }

    private <T> void counter(MeterRegistry registry, String name, Tags tags, String event, T source,
            ToDoubleFunction<T> count, String description) {
        FunctionCounter.Builder<T> builder = FunctionCounter.builder(name, source, count).tags(tags).description(description);
        if (event != null) {
            builder.tag("event", event);
        }
        meters.add(builder.register(registry));
    }

    /** Removes the meters. */
    @Override
    public void close() {
        meters.removeAll();
    }
}
