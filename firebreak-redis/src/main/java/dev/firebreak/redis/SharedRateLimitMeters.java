package dev.firebreak.redis;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.util.Locale;
import java.util.Objects;

/**
 * A {@link SharedRateLimit}'s figures as Micrometer meters, read from {@link SharedRateLimit#status()} at
 * each scrape, so that a fleet's dashboards and alerts see when an instance stopped sharing: tagged
 * {@code name} (the limit's name). A Spring Boot application declares one as a bean and Boot binds it.
 * Needs {@code micrometer-core} (an optional dependency of this module).
 *
 * <table>
 *   <caption>Meters</caption>
 *   <tr><th>meter</th><th>type</th><th>what</th></tr>
 *   <tr><td>{@code firebreak.ratelimit.shared.mode} (tag {@code mode})</td><td>Gauge</td><td>1 for the
 *       mode now (shared, local_share, admit_all, refuse_all), 0 for the others</td></tr>
 *   <tr><td>{@code firebreak.ratelimit.shared.instances}</td><td>Gauge</td><td>instances Redis counted at
 *       the last lease</td></tr>
 *   <tr><td>{@code firebreak.ratelimit.shared.leased.tokens}</td><td>Gauge</td><td>this instance's leased
 *       tokens not used yet</td></tr>
 *   <tr><td>{@code firebreak.ratelimit.shared.calls} (tag {@code outcome}: admitted, refused)</td>
 *       <td>FunctionCounter</td><td>since creation</td></tr>
 *   <tr><td>{@code firebreak.ratelimit.shared.redis.failures}</td><td>FunctionCounter</td><td>lease
 *       requests that failed or timed out</td></tr>
 * </table>
 */
public final class SharedRateLimitMeters implements MeterBinder {

    private final SharedRateLimit limit;

    /** The meters of {@code limit}. */
    public SharedRateLimitMeters(SharedRateLimit limit) {
        this.limit = Objects.requireNonNull(limit, "limit");
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        String name = limit.name();
        for (SharedRateLimitStatus.Mode mode : SharedRateLimitStatus.Mode.values()) {
            Gauge.builder("firebreak.ratelimit.shared.mode", limit, l -> l.status().mode() == mode ? 1 : 0)
                    .tag("name", name).tag("mode", mode.name().toLowerCase(Locale.ROOT))
                    .description("1 for where admissions come from now: the fleet's bucket, or a mode while Redis is away")
                    .register(registry);
        }
        Gauge.builder("firebreak.ratelimit.shared.instances", limit, l -> l.status().instances()).tag("name", name)
                .description("instances Redis counted at the last lease").register(registry);
        Gauge.builder("firebreak.ratelimit.shared.leased.tokens", limit, l -> l.status().leasedTokens()).tag("name", name)
                .description("this instance's leased tokens not used yet").register(registry);
        FunctionCounter.builder("firebreak.ratelimit.shared.calls", limit, l -> l.status().admitted())
                .tag("name", name).tag("outcome", "admitted").register(registry);
        FunctionCounter.builder("firebreak.ratelimit.shared.calls", limit, l -> l.status().refused())
                .tag("name", name).tag("outcome", "refused").register(registry);
        FunctionCounter.builder("firebreak.ratelimit.shared.redis.failures", limit, l -> l.status().redisFailures())
                .tag("name", name).description("lease requests that failed or timed out").register(registry);
    }
}
