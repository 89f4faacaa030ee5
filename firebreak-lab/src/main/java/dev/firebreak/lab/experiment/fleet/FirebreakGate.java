package dev.firebreak.lab.experiment.fleet;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.RateLimitedException;
import dev.firebreak.ratelimit.RateLimitConfig;
import dev.firebreak.redis.SharedRateLimit;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.Delay;
import java.time.Duration;

/**
 * The {@code local} and {@code shared} variants: a Firebreak guard whose attempt policy is a local rate
 * limiter (the quota divided by the instances this instance knew of when it started) or the
 * {@link SharedRateLimit} on Redis, with its defaults but for the instance count it starts from. The call
 * runs on the caller's thread (semaphore isolation), so its time is the limiter's and the guard's own.
 */
final class FirebreakGate implements QuotaGate {

    private final Guard guard;
    private final SharedRateLimit shared;
    private final RedisClient client;
    private final ClientResources resources;

    private FirebreakGate(Guard guard, SharedRateLimit shared, RedisClient client, ClientResources resources) {
        this.guard = guard;
        this.shared = shared;
        this.client = client;
        this.resources = resources;
    }

    /** A local token bucket at {@code quota / instances} a second, burst a tenth of that (as the shared default). */
    static FirebreakGate local(int quota, int instances) {
        int share = Math.max(1, quota / instances);
        GuardRegistry registry = GuardRegistry.builder().build();
        Guard guard = registry.guard("partner").isolation(Isolation.semaphore(64)).rateLimit(RateLimitConfig.builder().enabled(true)
                .permitsPerSecond(share).burst(Math.max(1, share / 10)).build()).build();
        return new FirebreakGate(guard, null, null, null);
    }

    /**
     * The shared limit on the Redis at {@code uri}. Lettuce's default reconnection backs off up to 30 s;
     * a constant 100 ms lets the limit find Redis again within its next probe once Redis is back.
     */
    static FirebreakGate shared(String uri, int quota, int instances, String id) {
        ClientResources resources = ClientResources.builder().reconnectDelay(Delay.constant(Duration.ofMillis(100))).build();
        RedisClient client = RedisClient.create(resources, uri);
        StatefulRedisConnection<String, String> connection = client.connect();
        GuardRegistry registry = GuardRegistry.builder().build();
        SharedRateLimit limit = SharedRateLimit.builder(connection, "partner").permitsPerSecond(quota)
                .expectedInstances(instances).instance(id).time(registry.ticker(), registry.scheduler()).build();
        Guard guard = registry.guard("partner").isolation(Isolation.semaphore(64)).attemptPolicy(limit).build();
        return new FirebreakGate(guard, limit, client, resources);
    }

    @Override
    public Outcome call() {
        return guard.execute(() -> Outcome.ADMITTED,
                failure -> failure instanceof RateLimitedException ? Outcome.REFUSED : Outcome.ERROR);
    }

    @Override
    public String mode() {
        return shared == null ? "LOCAL" : shared.status().mode() + "/" + shared.status().instances();
    }

    @Override
    public void close() {
        if (shared != null) {
            shared.close();
            client.shutdown(Duration.ZERO, Duration.ofSeconds(2));
            resources.shutdown();
        }
    }
}
