package dev.firebreak.stream;

import dev.firebreak.hedge.Hedge;
import dev.firebreak.hedge.HedgeConfig;
import dev.firebreak.hedge.HedgeMetrics;

/**
 * Writes one hedging policy as a {@code FirebreakHedge} event, a type of Firebreak's own (dashboards that
 * do not know the type skip it): the policy's and its guard's names, its cumulative counts, the hedge
 * delay a call starting now would get ({@code -1} while the guard has no latency percentile), its
 * budget's figures over the current window and its configuration.
 */
final class HedgeEvent {

    private HedgeEvent() {
    }

    static void write(JsonWriter json, Hedge hedge, long currentTimeMillis) {
        HedgeMetrics m = hedge.metrics();
        HedgeConfig c = hedge.config();
        CallPolicyFields.head(json, "FirebreakHedge", hedge, currentTimeMillis)
                .field("cumulativeCountCalls", m.calls())
                .field("cumulativeCountAttempts", m.attempts())
                .field("cumulativeCountHedged", m.hedged())
                .field("cumulativeCountHedgeBudgetExhausted", m.budgetExhausted())
                .field("cumulativeCountHedgeWins", m.hedgeWins())
                .field("cumulativeCountLosersCancelled", m.losersCancelled())
                .field("currentDelayInMilliseconds", hedge.currentDelay().map(d -> d.toMillis()).orElse(-1L));
        CallPolicyFields.budget(json, hedge)
                .field("propertyValue_delayFixedInMilliseconds", c.fixedDelay().toMillis())
                .field("propertyValue_delayPercentile", String.valueOf(c.percentile()))
                .field("propertyValue_delayMinInMilliseconds", c.minDelay().toMillis())
                .field("propertyValue_maxHedges", c.maxHedges());
        CallPolicyFields.tail(json, c).end();
    }
}
