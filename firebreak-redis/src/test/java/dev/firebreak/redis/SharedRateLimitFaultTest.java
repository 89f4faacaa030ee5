package dev.firebreak.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.redis.server.RedisServer;
import dev.firebreak.testkit.Await;
import dev.firebreak.time.Ticker;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Faults between the fleet and Redis, on a real server: Redis slowed past the limit's timeout, the
 * link dropped as by a partition (a loopback proxy between the client and the server), and an instance
 * killed (SIGKILL, in its own JVM) while it holds leased tokens. Each ends with every call answered,
 * the limit back on the fleet's bucket, and nothing left behind.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class SharedRateLimitFaultTest {

    private static final int RATE = 300;
    private static final Duration REDIS_TIMEOUT = Duration.ofMillis(200);

    @TempDir
    Path dir;

    /**
     * Slowed beyond its timeout, then cut off: the limit falls back to its local share after one
     * timeout, no call waits for Redis meanwhile (each answer comes from memory, well within the
     * timeout), and the first answer after the fault puts it back on the fleet's bucket.
     */
    @Test
    void slowedOrCutOffTheLimitFallsBackWithoutMakingCallersWaitAndReturns() throws Exception {
        try (RedisServer server = RedisServer.start(dir); LoopbackProxy proxy = LoopbackProxy.to(server.port())) {
            RedisClient client = RedisClient.create("redis://127.0.0.1:" + proxy.port());
            StatefulRedisConnection<String, String> connection = client.connect();
            try (SharedRateLimit limit = SharedRateLimit.builder(connection, "partner").permitsPerSecond(RATE)
                    .instance("a").redisTimeout(REDIS_TIMEOUT).probeInterval(Duration.ofMillis(200)).build()) {
                AtomicLong longestEnter = new AtomicLong();
                awaitMode(limit, SharedRateLimitStatus.Mode.SHARED, longestEnter);
                long failuresBefore = limit.status().redisFailures();

                proxy.delay(REDIS_TIMEOUT.toMillis() * 3); // slowed: every answer comes after the timeout
                awaitMode(limit, SharedRateLimitStatus.Mode.LOCAL_SHARE, longestEnter);
                assertThat(limit.status().redisFailures()).isGreaterThan(failuresBefore);
                assertThat(limit.status().lastFailure()).contains("no answer within 200 ms");
                proxy.delay(0);
                awaitMode(limit, SharedRateLimitStatus.Mode.SHARED, longestEnter);

                proxy.drop(); // a partition: the connection stays open and delivers nothing
                awaitMode(limit, SharedRateLimitStatus.Mode.LOCAL_SHARE, longestEnter);
                long now = Ticker.system().read();
                long admittedAway = 0;
                for (int i = 0; i < 1_000; i++) {
                    admittedAway += limit.enter(now) != null ? 1 : 0;
                }
                assertThat(admittedAway).as("away, at one instant: at most the local share's burst (30 of 300/s)")
                        .isBetween(1L, 30L);
                proxy.heal(); // the held connection is reset; the client reconnects
                awaitMode(limit, SharedRateLimitStatus.Mode.SHARED, longestEnter);

                System.err.printf("slowed and dropped Redis: the longest call to enter took %.3f ms (timeout %d ms)%n",
                        longestEnter.get() / 1e6, REDIS_TIMEOUT.toMillis());
                // A call that waited for Redis would take the proxy's delay (600 ms) or, dropped, forever.
                assertThat(longestEnter.get()).as("no call waited for Redis: every enter answered well within its delay")
                        .isLessThan(REDIS_TIMEOUT.toNanos() * 3);
            } finally {
                connection.close();
                client.shutdown();
            }
        }
    }

    /**
     * An instance killed while it holds leased tokens: its tokens are spent for the fleet (the fleet
     * admits less by at most one lease, never more), the survivor keeps admitting the fleet's tokens, and
     * the dead instance leaves the members' count (so a fallback share is the survivor's whole rate)
     * once its entry expires; nothing of it stays in Redis beyond the keys' time-to-live.
     */
    @Test
    void anInstanceKilledHoldingLeasedTokensCostsTheFleetAtMostItsLease() throws Exception {
        try (RedisServer server = RedisServer.start(dir)) {
            RedisClient client = RedisClient.create(server.uri());
            StatefulRedisConnection<String, String> connection = client.connect();
            Process doomed = null;
            try (SharedRateLimit survivor = SharedRateLimit.builder(connection, "partner").permitsPerSecond(RATE)
                    .instance("survivor").probeInterval(Duration.ofMillis(200)).redisTimeout(Duration.ofSeconds(2))
                    .build()) {
                String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
                doomed = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                        LeaseHolder.class.getName(), server.uri(), Integer.toString(RATE), "doomed")
                        .redirectError(dir.resolve("doomed.log").toFile()).start();
                BufferedReader out = new BufferedReader(new InputStreamReader(doomed.getInputStream(), StandardCharsets.UTF_8));
                String leased = CompletableFuture.supplyAsync(() -> readLeased(out)).get(60, TimeUnit.SECONDS);
                long heldTokens = Long.parseLong(leased.substring("LEASED ".length()));
                assertThat(heldTokens).as("the doomed instance holds a lease").isPositive();
                Await.until("the survivor counts two instances", () -> {
                    survivor.enter(Ticker.system().read());
                    return survivor.status().instances() == 2;
                });

                doomed.destroyForcibly(); // SIGKILL: no close, its lease never returns
                assertThat(doomed.waitFor(30, TimeUnit.SECONDS)).isTrue();

                long admitted = offerFarAboveTheRate(survivor, TimeUnit.SECONDS.toNanos(2));
                long burst = RATE / 10;
                long lease = RATE / 5; // one lease period (200 ms) of the fleet's rate
                System.err.printf("killed holding %d tokens: the survivor admitted %d in 2 s of %d/s%n", heldTokens,
                        admitted, RATE);
                assertThat(admitted).as("the survivor alone: never above the shared rate")
                        .isLessThanOrEqualTo((long) (RATE * 2.25) + burst + 2 * lease);
                // Not starved by the dead one (how much it admits in 2 s depends on this machine's load, so
                // the bound is on liveness: it goes on admitting the fleet's tokens).
                long before = survivor.status().admitted();
                Await.until("the survivor admits a second of the rate more", () -> {
                    offerFarAboveTheRate(survivor, TimeUnit.MILLISECONDS.toNanos(50));
                    return survivor.status().admitted() - before >= RATE;
                });

                Await.until("the dead instance leaves the members' count", () -> {
                    survivor.enter(Ticker.system().read());
                    return survivor.status().instances() == 1;
                });
                List<String> members = connection.sync().zrange("firebreak:quota:partner:members", 0, -1);
                assertThat(members).containsExactly("survivor");
            } finally {
                if (doomed != null) {
                    doomed.destroyForcibly();
                }
                connection.close();
                client.shutdown();
            }
        }
    }

    private static long offerFarAboveTheRate(SharedRateLimit limit, long forNanos) {
        Ticker clock = Ticker.system();
        long end = clock.read() + forNanos;
        long admitted = 0;
        for (int i = 0; i < 100_000_000 && clock.read() < end; i++) { // bounded in count and time
            if (limit.enter(clock.read()) != null) {
                admitted++;
            }
            Thread.onSpinWait();
        }
        return admitted;
    }

    private static String readLeased(BufferedReader out) {
        try {
            for (String line = out.readLine(); line != null; line = out.readLine()) {
                if (line.startsWith("LEASED ")) {
                    return line;
                }
            }
            throw new IllegalStateException("the doomed instance ended before it held a lease");
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /* Calls the limit until it is in mode, keeping the longest single call to enter. */
    private static void awaitMode(SharedRateLimit limit, SharedRateLimitStatus.Mode mode, AtomicLong longestEnter) {
        Await.until("the limit in mode " + mode, () -> {
            Ticker clock = Ticker.system();
            long began = clock.read();
            limit.enter(began);
            longestEnter.accumulateAndGet(clock.read() - began, Math::max);
            return limit.status().mode() == mode;
        }, () -> limit.status().toString());
    }
}
