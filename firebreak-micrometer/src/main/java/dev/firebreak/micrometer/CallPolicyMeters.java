package dev.firebreak.micrometer;

import dev.firebreak.hedge.Hedge;
import dev.firebreak.hedge.HedgeMetrics;
import dev.firebreak.retry.Retry;
import dev.firebreak.retry.RetryMetrics;
import dev.firebreak.metrics.MetricSpec;
import dev.firebreak.metrics.MetricVocabulary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * The meters of the call policies, tagged {@code policy} (its name) and {@code guard} (its guard's):
 * calls, attempts and the policy's decisions (FunctionCounters over its cumulative counts). Retry:
 * {@code firebreak.retry.calls}, {@code firebreak.retry.attempts}, {@code firebreak.retry.events{event=retried|
 * budget_exhausted|deadline_reached|fallback|server_delay|server_delay_too_long}}. Hedge: {@code firebreak.hedge.calls},
 * {@code firebreak.hedge.attempts}, {@code firebreak.hedge.events{event=hedged|budget_exhausted|hedge_win|
 * loser_cancelled|server_delay}} (see {@link MetricVocabulary}). Each attempt is a guarded call, so the guard's own
 * {@code firebreak.calls} counts the attempts by outcome.
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
        Tags tags = Tags.of(MetricVocabulary.POLICY, retry.name(), MetricVocabulary.GUARD, retry.guard().name());
        RetryMetrics m = retry.metrics();
        List<ToDoubleFunction<RetryMetrics>> events = List.of(x -> x.retried(), x -> x.budgetExhausted(),
                x -> x.deadlineReached(), x -> x.fallbacks(), x -> x.serverDelays(),
                x -> x.serverDelaysTooLong()); // in the order of RETRY_EVENT_VALUES
        bound.add(registry, MetricVocabulary.RETRY_CALLS, tags, m, x -> x.calls());
        bound.add(registry, MetricVocabulary.RETRY_ATTEMPTS, tags, m, x -> x.attempts());
        for (int i = 0; i < events.size(); i++) {
            bound.add(registry, MetricVocabulary.RETRY_EVENTS,
                    tags.and(MetricVocabulary.EVENT, MetricVocabulary.RETRY_EVENT_VALUES.get(i)), m, events.get(i));
        }
        return bound;
    }

    /** Registers the meters of {@code hedge}. */
    public static CallPolicyMeters bind(Hedge hedge, MeterRegistry registry) {
        CallPolicyMeters bound = new CallPolicyMeters(registry);
        Tags tags = Tags.of(MetricVocabulary.POLICY, hedge.name(), MetricVocabulary.GUARD, hedge.guard().name());
        HedgeMetrics m = hedge.metrics();
        List<ToDoubleFunction<HedgeMetrics>> events = List.of(x -> x.hedged(), x -> x.budgetExhausted(),
                x -> x.hedgeWins(), x -> x.losersCancelled(), x -> x.serverDelays()); // in the order of HEDGE_EVENT_VALUES
        bound.add(registry, MetricVocabulary.HEDGE_CALLS, tags, m, x -> x.calls());
        bound.add(registry, MetricVocabulary.HEDGE_ATTEMPTS, tags, m, x -> x.attempts());
        for (int i = 0; i < events.size(); i++) {
            bound.add(registry, MetricVocabulary.HEDGE_EVENTS,
                    tags.and(MetricVocabulary.EVENT, MetricVocabulary.HEDGE_EVENT_VALUES.get(i)), m, events.get(i));
        }
        return bound;
    }

    private <T> void add(MeterRegistry registry, MetricSpec spec, Tags tags, T source, ToDoubleFunction<T> count) {
        meters.add(Specs.counter(spec, tags, source, count).register(registry));
    }

    /** Removes the meters. */
    @Override
    public void close() {
        meters.removeAll();
    }
}
