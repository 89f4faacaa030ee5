package dev.firebreak;

import dev.firebreak.GuardConfig.Builder;
import dev.firebreak.breaker.BreakerConfig;
import dev.firebreak.classify.ClassifyConfig;
import dev.firebreak.config.ConfigScope;
import dev.firebreak.config.PropertyDefinition;
import dev.firebreak.context.RequestConfig;
import dev.firebreak.fallback.FallbackConfig;
import dev.firebreak.isolation.IsolationConfig;
import dev.firebreak.limit.LimitConfig;
import dev.firebreak.metrics.MetricsConfig;
import dev.firebreak.priority.PriorityConfig;
import dev.firebreak.ratelimit.RateLimitConfig;
import dev.firebreak.timeout.TimeoutConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The property table of guards ({@code firebreak.command.<name>.*}): the tables of {@link GuardConfig}'s
 * parts composed, one line per part. No key is written here; each lives in its policy's table.
 */
final class CommandProperties {

    static final ConfigScope<GuardConfig, Builder> SCOPE = new ConfigScope<>(ConfigScope.FIREBREAK_AND_HYSTRIX, "command", GuardConfig.class, compose(
            part("isolation", IsolationConfig.properties(), GuardConfig::isolation, Builder::isolationPart),
            part("timeout", TimeoutConfig.properties(), GuardConfig::timeout, Builder::timeoutPart),
            part("fallback", FallbackConfig.properties(), GuardConfig::fallback, Builder::fallbackPart),
            part("breaker", BreakerConfig.properties(), GuardConfig::breaker, Builder::breakerPart),
            part("metrics", MetricsConfig.properties(), GuardConfig::metrics, Builder::metricsPart),
            part("request", RequestConfig.properties(), GuardConfig::request, Builder::requestPart),
            part("limit", LimitConfig.properties(), GuardConfig::limit, Builder::limitPart),
            part("rateLimit", RateLimitConfig.properties(), GuardConfig::rateLimit, Builder::rateLimitPart),
            part("classify", ClassifyConfig.properties(), GuardConfig::classify, Builder::classifyPart),
            part("priority", PriorityConfig.properties(), GuardConfig::priority, Builder::priorityPart)),
            GuardConfig::builder, Builder::build, GuardConfig::setInCode, Builder::setInCode);

    private CommandProperties() {
    }

    /** One part's rows, lifted to rows of the guard's record. */
    private static <P, PB> List<PropertyDefinition<GuardConfig, Builder>> part(String name,
            List<PropertyDefinition<P, PB>> rows, Function<GuardConfig, P> get, Function<Builder, PB> builderPart) {
        return rows.stream().map(row -> row.within(name, get, builderPart)).toList();
    }

    @SafeVarargs
    private static List<PropertyDefinition<GuardConfig, Builder>> compose(
            List<PropertyDefinition<GuardConfig, Builder>>... parts) {
        List<PropertyDefinition<GuardConfig, Builder>> all = new ArrayList<>();
        for (List<PropertyDefinition<GuardConfig, Builder>> part : parts) {
            all.addAll(part);
        }
        return all;
    }
}
