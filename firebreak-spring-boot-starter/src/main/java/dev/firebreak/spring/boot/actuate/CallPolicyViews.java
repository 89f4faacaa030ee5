package dev.firebreak.spring.boot.actuate;

import dev.firebreak.GuardRegistry;
import dev.firebreak.callpolicy.CallPolicy;
import dev.firebreak.callpolicy.CallPolicyRegistry;
import dev.firebreak.hedge.Hedge;
import dev.firebreak.hedge.HedgeConfig;
import dev.firebreak.hedge.HedgeMetrics;
import dev.firebreak.hedge.HedgeRegistry;
import dev.firebreak.live.DynamicConfiguration;
import dev.firebreak.retry.Retry;
import dev.firebreak.retry.RetryConfig;
import dev.firebreak.retry.RetryMetrics;
import dev.firebreak.retry.RetryRegistry;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * What {@code /actuator/firebreak} shows of the retry and hedging policies: for each, its guard, its
 * counts since it was built and each property in force with its level and origin.
 */
final class CallPolicyViews {

    private CallPolicyViews() {
    }

    /** Every retry policy of {@code registry}, by name. */
    static Map<String, Object> retries(GuardRegistry registry, DynamicConfiguration configuration) {
        return byName(RetryRegistry.of(registry), (retry, view) -> {
            RetryMetrics m = retry.metrics();
            Map<String, Object> counts = new LinkedHashMap<>();
            counts.put("calls", m.calls());
            counts.put("attempts", m.attempts());
            counts.put("retried", m.retried());
            counts.put("budgetExhausted", m.budgetExhausted());
            counts.put("throttled", m.throttled());
            counts.put("deadlineReached", m.deadlineReached());
            counts.put("fallbacks", m.fallbacks());
            counts.put("serverDelays", m.serverDelays());
            counts.put("serverDelaysTooLong", m.serverDelaysTooLong());
            view.put("counts", counts);
            view.put("properties", FirebreakEndpoint.properties(configuration.properties(retry), RetryConfig.scope(), configuration.sources()));
        });
    }

    /** Every hedging policy of {@code registry}, by name. */
    static Map<String, Object> hedges(GuardRegistry registry, DynamicConfiguration configuration) {
        return byName(HedgeRegistry.of(registry), (hedge, view) -> {
            HedgeMetrics m = hedge.metrics();
            Map<String, Object> counts = new LinkedHashMap<>();
            counts.put("calls", m.calls());
            counts.put("attempts", m.attempts());
            counts.put("hedged", m.hedged());
            counts.put("budgetExhausted", m.budgetExhausted());
            counts.put("throttled", m.throttled());
            counts.put("hedgeWins", m.hedgeWins());
            counts.put("losersCancelled", m.losersCancelled());
            counts.put("serverDelays", m.serverDelays());
            view.put("counts", counts);
            view.put("currentDelayMillis", hedge.currentDelay().map(d -> d.toNanos() / 1e6).orElse(null));
            view.put("properties", FirebreakEndpoint.properties(configuration.properties(hedge), HedgeConfig.scope(), configuration.sources()));
        });
    }

    private static <P extends CallPolicy<?>> Map<String, Object> byName(CallPolicyRegistry<P> policies,
            BiConsumer<P, Map<String, Object>> details) {
        Map<String, Object> all = new LinkedHashMap<>();
        policies.policies().stream().sorted(Comparator.comparing(CallPolicy::name)).forEach(policy -> {
            Map<String, Object> view = new LinkedHashMap<>();
            view.put("guard", policy.guard().name());
            details.accept(policy, view);
            all.put(policy.name(), view);
        });
        return all;
    }
}
