package dev.firebreak.spring.boot.actuate;

import dev.firebreak.redis.SharedRateLimit;
import dev.firebreak.redis.SharedRateLimitStatus;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Supplier;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;

/**
 * The {@code firebreakSharedRateLimits} health component, for applications with {@link SharedRateLimit}
 * beans (firebreak-redis): {@code UP} while every shared limit counts on the fleet's bucket in Redis,
 * else the custom status {@code RATE_LIMIT_LOCAL} while one cannot reach Redis and admits as its
 * {@code whenRedisIsAway} setting says (its local share, all or none). Each limit's mode, the instances
 * Redis last counted, its leased tokens, Redis failures and the last failure are in the details. Like
 * {@code CIRCUIT_OPEN}, the status ranks below {@code UP} in Spring Boot's default order, so a Redis
 * outage does not take every instance out of a load balancer.
 */
public class SharedRateLimitHealthIndicator implements HealthIndicator {

    /** The status reported while any shared limit is away from Redis. */
    public static final Status RATE_LIMIT_LOCAL = new Status("RATE_LIMIT_LOCAL",
            "a shared rate limit cannot reach Redis: it admits on its own until Redis answers again");

    private final Supplier<List<SharedRateLimit>> limits;

    /** Reports the limits {@code limits} gives at each read. */
    public SharedRateLimitHealthIndicator(Supplier<List<SharedRateLimit>> limits) {
        this.limits = Objects.requireNonNull(limits, "limits");
    }

    @Override
    public Health health() {
        Map<String, Object> details = new TreeMap<>();
        boolean away = false;
        for (SharedRateLimit limit : limits.get()) {
            SharedRateLimitStatus status = limit.status();
            away |= status.mode() != SharedRateLimitStatus.Mode.SHARED;
            Map<String, Object> one = new TreeMap<>();
            one.put("mode", status.mode().name());
            one.put("instances", status.instances());
            one.put("leasedTokens", status.leasedTokens());
            one.put("redisFailures", status.redisFailures());
            if (!status.lastFailure().isEmpty()) {
                one.put("lastFailure", status.lastFailure());
            }
            details.put(limit.name(), one);
        }
        return (away ? Health.status(RATE_LIMIT_LOCAL) : Health.up()).withDetail("sharedRateLimits", details).build();
    }
}
