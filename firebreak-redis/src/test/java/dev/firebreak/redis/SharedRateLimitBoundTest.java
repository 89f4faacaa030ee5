package dev.firebreak.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.redis.server.RedisServer;
import dev.firebreak.time.Ticker;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fleet's bound under contention: three instances with 64 calling threads each, offered far more
 * than the rate for 2 s against a real Redis server; every admission's time is kept, and in every
 * window W (0.1, 0.5 and 1 s, sliding over every admission) the fleet admitted at most
 * {@code rate * W + burst} plus one lease period's tokens per instance.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class SharedRateLimitBoundTest {

    private static final int RATE = 300;
    private static final int INSTANCES = 3;
    private static final int THREADS = 64;

    @TempDir
    Path dir;

    @Test
    void noWindowAdmitsMoreThanTheBucketAllowsPlusTheLeases() throws Exception {
        try (RedisServer server = RedisServer.start(dir)) {
            RedisClient client = RedisClient.create(server.uri());
            List<StatefulRedisConnection<String, String>> connections = new ArrayList<>();
            List<SharedRateLimit> fleet = new ArrayList<>();
            ExecutorService callers = Executors.newFixedThreadPool(INSTANCES * THREADS);
            try {
                for (int i = 0; i < INSTANCES; i++) {
                    StatefulRedisConnection<String, String> connection = client.connect();
                    connections.add(connection);
                    fleet.add(SharedRateLimit.builder(connection, "bound").permitsPerSecond(RATE).instance("pod-" + i)
                            .redisTimeout(Duration.ofSeconds(2)).build()); // a loaded machine: Redis counts as up
                }
                Ticker clock = Ticker.system();
                CyclicBarrier start = new CyclicBarrier(INSTANCES * THREADS);
                List<Future<long[]>> done = new ArrayList<>();
                for (int t = 0; t < INSTANCES * THREADS; t++) {
                    SharedRateLimit limit = fleet.get(t % INSTANCES);
                    done.add(callers.submit(() -> {
                        long[] times = new long[4 * RATE];
                        int n = 0;
                        start.await(30, TimeUnit.SECONDS);
                        long end = clock.read() + TimeUnit.SECONDS.toNanos(2);
                        for (long now = clock.read(); now < end && n < times.length; now = clock.read()) {
                            if (limit.enter(now) != null) {
                                times[n++] = now;
                            }
                            Thread.yield(); // 192 callers on a small machine: let each one call
                        }
                        return Arrays.copyOf(times, n);
                    }));
                }
                long[] all = new long[0];
                for (Future<long[]> f : done) {
                    long[] mine = f.get(60, TimeUnit.SECONDS);
                    long[] joined = Arrays.copyOf(all, all.length + mine.length);
                    System.arraycopy(mine, 0, joined, all.length, mine.length);
                    all = joined;
                }
                Arrays.sort(all);
                SharedRateLimitSettings settings = new SharedRateLimitSettings(RATE, RATE / 10, Duration.ofMillis(200),
                        Duration.ofSeconds(2), Duration.ofSeconds(1), WhenRedisIsAway.LOCAL_SHARE, 1);
                long allowance = RATE / 10 + INSTANCES * settings.maxLease();
                for (long windowMillis : new long[] {100, 500, 1_000}) {
                    long w = TimeUnit.MILLISECONDS.toNanos(windowMillis);
                    long most = 0;
                    int first = 0;
                    for (int last = 0; last < all.length; last++) {
                        while (all[last] - all[first] >= w) {
                            first++;
                        }
                        most = Math.max(most, last - first + 1);
                    }
                    long bound = RATE * windowMillis / 1_000 + allowance;
                    System.err.printf("shared limit, %d threads: at most %d admitted in a %d ms window (bound %d)%n",
                            INSTANCES * THREADS, most, windowMillis, bound);
                    assertThat(most).as("admitted in a %d ms window", windowMillis).isLessThanOrEqualTo(bound);
                }
                assertThat(all.length).as("admitted in all").isGreaterThan(RATE); // the calls got through
                for (SharedRateLimit limit : fleet) {
                    assertThat(limit.status().mode()).isEqualTo(SharedRateLimitStatus.Mode.SHARED);
                }
            } finally {
                callers.shutdownNow();
                fleet.forEach(SharedRateLimit::close);
                connections.forEach(StatefulRedisConnection::close);
                client.shutdown();
            }
        }
    }
}
