package dev.firebreak.opentelemetry;

import dev.firebreak.GuardRegistry;
import dev.firebreak.hedge.Hedge;
import dev.firebreak.hedge.HedgeMetrics;
import dev.firebreak.hedge.HedgeRegistry;
import dev.firebreak.metrics.MetricVocabulary;
import dev.firebreak.retry.Retry;
import dev.firebreak.retry.RetryMetrics;
import dev.firebreak.retry.RetryRegistry;
import io.opentelemetry.api.common.Attributes;
import java.util.List;
import java.util.function.ToLongFunction;

/**
 * The retry and hedging policies' counters, attributes {@code policy} and {@code guard}: calls, attempts
 * and decisions, read from {@code RetryRegistry.of(registry)} and {@code HedgeRegistry.of(registry)} at
 * each collection, so a policy built later is published and one removed is not.
 */
final class PolicyInstruments {

    private PolicyInstruments() {
    }

    static void register(GuardRegistry guards, Instruments instruments) {
        RetryRegistry retries = RetryRegistry.of(guards);
        HedgeRegistry hedges = HedgeRegistry.of(guards);
        instruments.<Retry>counter(MetricVocabulary.RETRY_CALLS, retries::policies, (r, m) -> m.record(r.metrics().calls(), of(r)));
        instruments.<Retry>counter(MetricVocabulary.RETRY_ATTEMPTS, retries::policies, (r, m) -> m.record(r.metrics().attempts(), of(r)));
        List<ToLongFunction<RetryMetrics>> retryEvents = List.of(RetryMetrics::retried, RetryMetrics::budgetExhausted,
                RetryMetrics::deadlineReached, RetryMetrics::fallbacks, RetryMetrics::serverDelays,
                RetryMetrics::serverDelaysTooLong); // in the order of RETRY_EVENT_VALUES
        for (int i = 0; i < retryEvents.size(); i++) {
            ToLongFunction<RetryMetrics> read = retryEvents.get(i);
            String event = MetricVocabulary.RETRY_EVENT_VALUES.get(i);
            instruments.<Retry>counter(MetricVocabulary.RETRY_EVENTS, retries::policies, (r, m) -> m.record(
                    read.applyAsLong(r.metrics()), event(r.name(), r.guard().name(), event)));
        }
        instruments.<Hedge>counter(MetricVocabulary.HEDGE_CALLS, hedges::policies, (h, m) -> m.record(h.metrics().calls(), of(h)));
        instruments.<Hedge>counter(MetricVocabulary.HEDGE_ATTEMPTS, hedges::policies, (h, m) -> m.record(h.metrics().attempts(), of(h)));
        List<ToLongFunction<HedgeMetrics>> hedgeEvents = List.of(HedgeMetrics::hedged, HedgeMetrics::budgetExhausted,
                HedgeMetrics::hedgeWins, HedgeMetrics::losersCancelled, HedgeMetrics::serverDelays); // in the order of HEDGE_EVENT_VALUES
        for (int i = 0; i < hedgeEvents.size(); i++) {
            ToLongFunction<HedgeMetrics> read = hedgeEvents.get(i);
            String event = MetricVocabulary.HEDGE_EVENT_VALUES.get(i);
            instruments.<Hedge>counter(MetricVocabulary.HEDGE_EVENTS, hedges::policies, (h, m) -> m.record(
                    read.applyAsLong(h.metrics()), event(h.name(), h.guard().name(), event)));
        }
    }

    private static Attributes of(Retry retry) {
        return Instruments.attributes(MetricVocabulary.POLICY, retry.name(), MetricVocabulary.GUARD, retry.guard().name());
    }

    private static Attributes of(Hedge hedge) {
        return Instruments.attributes(MetricVocabulary.POLICY, hedge.name(), MetricVocabulary.GUARD, hedge.guard().name());
    }

    private static Attributes event(String policy, String guard, String event) {
        return Instruments.attributes(MetricVocabulary.POLICY, policy, MetricVocabulary.GUARD, guard, MetricVocabulary.EVENT, event);
    }
}
