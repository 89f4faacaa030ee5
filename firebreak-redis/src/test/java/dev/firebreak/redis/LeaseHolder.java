package dev.firebreak.redis;

import dev.firebreak.time.Ticker;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * An instance of the fleet in its own JVM, for {@link SharedRateLimitFaultTest}: it shares the limit
 * {@code partner} on the Redis given as its argument, calls for a second (bounded) so its lease grows,
 * prints {@code LEASED <tokens>} once a grant leaves it holding 20 or more, then waits to be killed.
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
        long deadline = grown + TimeUnit.SECONDS.toNanos(20);
        // Demand for a second, so its leases grow, then on until a fresh grant leaves it holding a good
        // part of one (bounded in count and time).
        for (int i = 0; i < 100_000_000 && clock.read() < deadline; i++) {
            if (clock.read() > grown && limit.status().leasedTokens() >= 20) {
                break;
            }
            limit.enter(clock.read());
            Thread.onSpinWait();
        }
        System.out.println("LEASED " + limit.status().leasedTokens());
        System.out.flush();
        System.in.read(); // killed here; a closed stdin (the test's end) lets it go
        limit.close();
        connection.close();
        client.shutdown();
    }
}
