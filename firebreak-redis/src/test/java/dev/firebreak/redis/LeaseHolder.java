package dev.firebreak.redis;

import dev.firebreak.testkit.Await;
import dev.firebreak.time.Ticker;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * An instance of the fleet in its own JVM, for {@link SharedRateLimitFaultTest}: it shares the limit
 * {@code partner} on the Redis given as its argument, calls for a second (bounded) so its lease grows,
 * stops calling, prints {@code LEASED <tokens>} once a grant leaves it holding 10 or more, then waits to
 * be killed.
 */
public final class LeaseHolder {

    private LeaseHolder() {
    }

    /** Arguments: the Redis URI, the rate, this instance's id. */
    public static void main(String[] args) throws Exception {
        RedisClient client = RedisClient.create(args[0]);
        StatefulRedisConnection<String, String> connection = client.connect();
        SharedRateLimit limit = SharedRateLimit.builder(connection, "partner").permitsPerSecond(Integer.parseInt(args[1]))
                .instance(args[2]).probeInterval(Duration.ofMillis(200)).redisTimeout(Duration.ofSeconds(2)).build();
        Ticker clock = Ticker.system();
        long grown = clock.read() + TimeUnit.SECONDS.toNanos(1);
        for (int i = 0; i < 100_000_000 && clock.read() < grown; i++) { // demand, so its leases grow (bounded)
            limit.enter(clock.read());
            Thread.onSpinWait();
        }
        // Then no call: the next grant (the limit asks every lease period) stays whole in its lease.
        Await.until("a lease of 10 tokens or more", () -> limit.status().leasedTokens() >= 10);
        System.out.println("LEASED " + limit.status().leasedTokens());
        System.out.flush();
        System.in.read(); // killed here; a closed stdin (the test's end) lets it go
        limit.close();
        connection.close();
        client.shutdown();
    }
}
