package dev.firebreak.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.firebreak.redis.server.RedisServer;
import dev.firebreak.testkit.Await;
import dev.firebreak.time.Ticker;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.Delay;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three instances (each its own Redis connection and limit) share one rate on a real Redis server
 * (Debian's package, on a loopback port): the fleet never admits more than the bucket allows, and
 * admits most of it; Redis killed, each instance falls back to its share and says so, and goes back
 * to the fleet's bucket when Redis returns; the keys expire.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class SharedRateLimitTest {

    private static final int RATE = 300;

    @TempDir
    Path dir;

    @Test
    void aFleetOfThreeAdmitsTheSharedRateAndNeverMore() throws Exception {
        try (RedisServer server = RedisServer.start(dir)) {
            RedisClient client = RedisClient.create(server.uri());
            List<StatefulRedisConnection<String, String>> connections = new ArrayList<>();
            List<SharedRateLimit> fleet = new ArrayList<>();
            ExecutorService callers = Executors.newFixedThreadPool(6);
            try {
                for (int i = 0; i < 3; i++) {
                    StatefulRedisConnection<String, String> connection = client.connect();
                    connections.add(connection);
                    fleet.add(SharedRateLimit.builder(connection, "partner").permitsPerSecond(RATE)
                            .expectedInstances(3).instance("pod-" + i)
                            .redisTimeout(Duration.ofSeconds(2)) // a loaded test machine: Redis counts as up
                            .build());
                }
                Await.until("three members counted", () -> fleet.stream().allMatch(l -> l.status().instances() == 3));
                long burst = RATE / 10;
                long leases = 3 * (RATE / 5); // one lease period (200 ms) of the rate per instance
                AtomicLong admitted = new AtomicLong();
                CyclicBarrier start = new CyclicBarrier(6);
                Ticker clock = Ticker.system();
                List<Future<?>> done = new ArrayList<>();
                for (int t = 0; t < 6; t++) {
                    SharedRateLimit limit = fleet.get(t % 3);
                    done.add(callers.submit(() -> {
                        start.await(10, TimeUnit.SECONDS);
                        long began = clock.read();
                        long end = began + TimeUnit.SECONDS.toNanos(2);
                        while (clock.read() < end) { // offered far above the rate, bounded to 2 s
                            if (limit.enter(clock.read()) != null) {
                                admitted.incrementAndGet();
                            }
                            Thread.onSpinWait();
                        }
                        return null;
                    }));
                }
                for (Future<?> f : done) {
                    f.get(30, TimeUnit.SECONDS);
                }
                double seconds = 2.0 + 0.25; // the offered window plus the first lease, granted before it
                long most = (long) (RATE * seconds) + burst + leases;
                System.err.printf("shared limit: %d admitted in 2 s of %d/s offered far above it (bound %d)%n",
                        admitted.get(), RATE, most);
                assertThat(admitted.get()).as("admitted by the fleet in about 2 s of 300/s").isLessThanOrEqualTo(most)
                        .isGreaterThanOrEqualTo((long) (RATE * 2 * 0.7));
                long refused = fleet.stream().mapToLong(l -> l.status().refused()).sum();
                assertThat(refused).as("offered far above the rate: most calls refused").isGreaterThan(admitted.get());
                for (SharedRateLimit limit : fleet) {
                    assertThat(limit.status().mode()).isEqualTo(SharedRateLimitStatus.Mode.SHARED);
                    assertThat(limit.status().redisFailures()).isZero();
                }
            } finally {
                callers.shutdownNow();
                fleet.forEach(SharedRateLimit::close);
                connections.forEach(StatefulRedisConnection::close);
                client.shutdown();
            }
        }
    }

    @Test
    void redisKilledEachInstanceFallsBackToItsShareAndReturnsWithRedis() throws Exception {
        try (RedisServer server = RedisServer.start(dir)) {
            // Reconnect every 100 ms while Redis is away: Lettuce's default backoff grows to 30 s, which a
            // slow restart on a loaded machine could meet, and what is tested is the limit, not the client.
            ClientResources resources = ClientResources.builder().reconnectDelay(Delay.constant(Duration.ofMillis(100)))
                    .build();
            RedisClient client = RedisClient.create(resources, server.uri());
            StatefulRedisConnection<String, String> one = client.connect();
            StatefulRedisConnection<String, String> two = client.connect();
            try (SharedRateLimit a = SharedRateLimit.builder(one, "partner").permitsPerSecond(RATE).instance("a").build();
                    SharedRateLimit b = SharedRateLimit.builder(two, "partner").permitsPerSecond(RATE).instance("b").build()) {
                Await.until("two members counted", () -> a.status().instances() == 2 && b.status().instances() == 2);
                SimpleMeterRegistry meters = new SimpleMeterRegistry();
                new SharedRateLimitMeters(a).bindTo(meters);
                assertThat(mode(meters, "shared")).isEqualTo(1.0);
                assertThat(mode(meters, "local_share")).isZero();
                assertThat(meters.get("firebreak.ratelimit.shared.instances").tag("name", "partner").gauge().value()).isEqualTo(2.0);

                server.stop();
                Await.until("a on its local share", () -> {
                    a.enter(Ticker.system().read()); // calls drain the lease and ask Redis, which does not answer
                    return a.status().mode() == SharedRateLimitStatus.Mode.LOCAL_SHARE;
                });
                assertThat(a.status().redisFailures()).isPositive();
                assertThat(a.status().lastFailure()).isNotEmpty();
                assertThat(mode(meters, "local_share")).as("the meters say it stopped sharing").isEqualTo(1.0);
                assertThat(mode(meters, "shared")).isZero();
                assertThat(meters.get("firebreak.ratelimit.shared.redis.failures").tag("name", "partner").functionCounter()
                        .count()).isPositive();
                // Its share: 300/s over the 2 instances Redis last counted, with a burst of 15.
                long admittedAway = 0;
                long now = Ticker.system().read();
                for (int i = 0; i < 1_000; i++) {
                    if (a.enter(now) != null) {
                        admittedAway++;
                    }
                }
                assertThat(admittedAway).as("at one instant: the local share's burst").isBetween(1L, 15L);

                server.restart();
                Await.until("a back on the fleet's bucket", () -> {
                    a.enter(Ticker.system().read());
                    return a.status().mode() == SharedRateLimitStatus.Mode.SHARED;
                });
                assertThat(mode(meters, "shared")).isEqualTo(1.0);
                assertThat(meters.get("firebreak.ratelimit.shared.calls").tag("name", "partner").tag("outcome", "admitted")
                        .functionCounter().count()).isEqualTo(a.status().admitted());
            } finally {
                one.close();
                two.close();
                client.shutdown();
                resources.shutdown();
            }
        }
    }

    @Test
    void theKeysExpire() throws Exception {
        try (RedisServer server = RedisServer.start(dir)) {
            RedisClient client = RedisClient.create(server.uri());
            try (StatefulRedisConnection<String, String> connection = client.connect();
                    SharedRateLimit limit = SharedRateLimit.builder(connection, "partner").permitsPerSecond(RATE).build()) {
                Await.until("a first lease", () -> limit.status().instances() >= 1 && limit.status().leasedTokens() > 0);
                for (String key : List.of("firebreak:quota:partner", "firebreak:quota:partner:members")) {
                    assertThat(connection.sync().pttl(key)).as(key).isBetween(1L, 20_000L);
                }
            } finally {
                client.shutdown();
            }
        }
    }

    @Test
    void aClosedInstanceLeavesTheMembersAtOnceAndAStoppedOneWithinItsWindow() throws Exception {
        try (RedisServer server = RedisServer.start(dir)) {
            RedisClient client = RedisClient.create(server.uri());
            try (StatefulRedisConnection<String, String> connection = client.connect();
                    SharedRateLimit stays = SharedRateLimit.builder(connection, "partner").permitsPerSecond(RATE)
                            .instance("stays").build()) {
                SharedRateLimit leaves = SharedRateLimit.builder(connection, "partner").permitsPerSecond(RATE)
                        .instance("leaves").build();
                Await.until("two members counted", () -> stays.status().instances() == 2);
                leaves.close();
                // the members' window is 1 s here (5 lease periods of 200 ms, at least 1 s): within it only
                // the clean leave can have removed the member, so read the set itself first
                assertThat(connection.sync().zrange("firebreak:quota:partner:members", 0, -1)).containsExactly("stays");
                Await.until("the count follows", () -> stays.status().instances() == 1);

                // A member that stops asking without leaving (its process frozen, say) drops out by itself.
                List<String> now = connection.sync().time(); // seconds, microseconds: the script's clock
                connection.sync().zadd("firebreak:quota:partner:members",
                        Double.parseDouble(now.get(0)) * 1_000_000 + Double.parseDouble(now.get(1)), "frozen");
                Await.until("the frozen one counted", () -> stays.status().instances() == 2);
                Await.until("and dropped after the members' window", () -> stays.status().instances() == 1);
            } finally {
                client.shutdown();
            }
        }
    }

    @Test
    void aBadSettingIsRefusedNamingItAndItsRule() throws Exception {
        try (RedisServer server = RedisServer.start(dir)) {
            RedisClient client = RedisClient.create(server.uri());
            try (StatefulRedisConnection<String, String> connection = client.connect()) {
                assertThatThrownBy(() -> SharedRateLimit.builder(connection, "partner").build())
                        .hasMessage("permitsPerSecond: -1 must be at least 1 (required)");
                assertThatThrownBy(() -> SharedRateLimit.builder(connection, "partner").permitsPerSecond(10)
                        .redisTimeout(Duration.ZERO).build()).hasMessage("redisTimeout: PT0S must be a positive duration");
                assertThatThrownBy(() -> SharedRateLimit.builder(connection, " ").permitsPerSecond(10).build())
                        .hasMessage("name: ' ' must not be blank");
            } finally {
                client.shutdown();
            }
        }
    }

    private static double mode(SimpleMeterRegistry meters, String mode) {
        return meters.get("firebreak.ratelimit.shared.mode").tag("name", "partner").tag("mode", mode).gauge().value();
    }
}
