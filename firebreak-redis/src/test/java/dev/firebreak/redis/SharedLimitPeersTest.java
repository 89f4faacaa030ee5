package dev.firebreak.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.redis.server.RedisServer;
import dev.firebreak.testkit.Await;
import dev.firebreak.time.Ticker;
import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.distributed.BucketProxy;
import io.github.bucket4j.distributed.ExpirationAfterWriteStrategy;
import io.github.bucket4j.distributed.proxy.RemoteBucketBuilder;
import io.github.bucket4j.distributed.proxy.optimization.DelayParameters;
import io.github.bucket4j.distributed.proxy.optimization.Optimizations;
import io.github.bucket4j.redis.lettuce.Bucket4jLettuce;
import io.github.bucket4j.redis.lettuce.cas.LettuceBasedProxyManager;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.event.command.CommandListener;
import io.lettuce.core.event.command.CommandStartedEvent;
import java.nio.charset.StandardCharsets;
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
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shared limit beside its peer, Bucket4j's Redis buckets on Lettuce, on one real Redis server: three
 * instances (two calling threads each, offering far more than the rate for 2 s) share 300/s through
 * Firebreak's leases, through Bucket4j's compare-and-swap bucket (one Redis round trip per call), and
 * through Bucket4j with its {@code delaying} optimization (local tokens synchronised every 60 tokens or
 * 200 ms, Bucket4j's nearest to a lease). It prints, per variant, the calls, the calls admitted against
 * the bound, the Redis round trips (commands its client sent) and the time a call spent deciding (p50, p99, max): the
 * measurement behind firebreak-redis's choice of Lettuce directly (docs/limits.md). Its assertions are
 * the structural ones (Redis commands per call, the bound), not times.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class SharedLimitPeersTest {

    private static final int RATE = 300;
    private static final int INSTANCES = 3;
    private static final int THREADS = 2;
    private static final long OFFERED_NANOS = TimeUnit.SECONDS.toNanos(2);
    private static final int MAX_SAMPLES = 1_000_000; // times kept per thread: the latest ones

    @TempDir
    Path dir;

    /** One instance's limit: whether this call may go. */
    @FunctionalInterface
    interface Limit {
        boolean tryAcquire();
    }

    record Run(String variant, long calls, long admitted, long redisCommands, long p50Nanos, long p99Nanos, long maxNanos) {
        String row() {
            return String.format("| %s | %d | %d | %d | %.2f | %.1f | %.1f | %.1f |", variant, calls, admitted, redisCommands,
                    (double) redisCommands / Math.max(1, calls), p50Nanos / 1e3, p99Nanos / 1e3, maxNanos / 1e3);
        }
    }

    @Test
    void firebreakLeasesWhereBucket4jAsksRedisOnEveryCall() throws Exception {
        try (RedisServer server = RedisServer.start(dir)) {
            List<AutoCloseable> open = new ArrayList<>();
            try {
                Run firebreak = run(server, "firebreak", (client, i) -> {
                    StatefulRedisConnection<String, String> connection = client.connect();
                    SharedRateLimit limit = SharedRateLimit.builder(connection, "peers-firebreak").permitsPerSecond(RATE)
                            .expectedInstances(INSTANCES).instance("pod-" + i).redisTimeout(Duration.ofSeconds(2)).build();
                    open.add(limit);
                    open.add(connection);
                    Await.until("a first lease", () -> limit.status().leasedTokens() > 0 || limit.status().admitted() > 0);
                    return () -> limit.enter(Ticker.system().read()) != null;
                }, open);
                Run bucket4j = run(server, "bucket4j", (client, i) -> bucket(client, open, "peers-bucket4j", false), open);
                Run delaying = run(server, "bucket4j-delaying", (client, i) -> bucket(client, open, "peers-delaying", true), open);

                long bound = (long) (RATE * (OFFERED_NANOS / 1e9 + 0.25)) + RATE / 10 + INSTANCES * (RATE / 5);
                System.err.println("| variant | calls | admitted | Redis round trips | round trips per call | p50 us | p99 us | max us |");
                System.err.println("|---|---:|---:|---:|---:|---:|---:|---:|");
                for (Run run : List.of(firebreak, bucket4j, delaying)) {
                    System.err.println(run.row());
                }
                System.err.println("bound on admitted (rate x (2 s + first lease) + burst + a lease per instance): " + bound);

                assertThat(firebreak.admitted()).as("Firebreak within the bound").isLessThanOrEqualTo(bound);
                assertThat((double) firebreak.redisCommands() / firebreak.admitted())
                        .as("Firebreak: Redis round trips per admitted call (a lease serves many calls)").isLessThan(0.5);
                assertThat(bucket4j.redisCommands()).as("Bucket4j's CAS bucket: at least one round trip per call")
                        .isGreaterThanOrEqualTo(bucket4j.calls());
                assertThat(firebreak.redisCommands()).as("Firebreak: a tenth of the round trips of Bucket4j's CAS bucket, at most")
                        .isLessThan(bucket4j.redisCommands() / 10);
            } finally {
                for (AutoCloseable closing : open.reversed()) {
                    closing.close();
                }
            }
        }
    }

    /* One Bucket4j bucket of the fleet's rate for one instance, on its own byte-array connection. */
    private static Limit bucket(RedisClient client, List<AutoCloseable> open, String key, boolean delaying) {
        StatefulRedisConnection<byte[], byte[]> connection = client.connect(ByteArrayCodec.INSTANCE);
        open.add(connection);
        LettuceBasedProxyManager<byte[]> proxies = Bucket4jLettuce.casBasedBuilder(connection)
                .expirationAfterWrite(ExpirationAfterWriteStrategy.basedOnTimeForRefillingBucketUpToMax(Duration.ofSeconds(10)))
                .build();
        BucketConfiguration configuration = BucketConfiguration.builder()
                .addLimit(limit -> limit.capacity(RATE / 10).refillGreedy(RATE, Duration.ofSeconds(1))).build();
        RemoteBucketBuilder<byte[]> builder = proxies.builder();
        if (delaying) {
            builder = builder.withOptimization(Optimizations.delaying(new DelayParameters(RATE / 5, Duration.ofMillis(200))));
        }
        BucketProxy bucket = builder.build(key.getBytes(StandardCharsets.UTF_8), () -> configuration);
        return () -> bucket.tryConsume(1);
    }

    /** One calling thread's figures: each decision's time, and how many were admissions. */
    private record Calls(long[] nanos, long calls, long admitted) {
    }

    /** Makes one instance's limit on a client of the variant's own. */
    @FunctionalInterface
    interface Instance {
        Limit make(RedisClient client, int index);
    }

    /*
     * Each instance's threads offer far above the rate for OFFERED_NANOS; every decision is timed, and
     * every command the variant's client sends (a round trip: commands inside a Lua script are not
     * counted) is counted by a listener on that client.
     */
    private static Run run(RedisServer server, String variant, Instance instance, List<AutoCloseable> open)
            throws Exception {
        RedisClient client = RedisClient.create(server.uri());
        open.add(client::shutdown);
        AtomicLong roundTrips = new AtomicLong();
        client.addListener(new CommandListener() {
            @Override
            public void commandStarted(CommandStartedEvent event) {
                roundTrips.incrementAndGet();
            }
        });
        List<Limit> limits = new ArrayList<>();
        for (int i = 0; i < INSTANCES; i++) {
            limits.add(instance.make(client, i));
        }
        long commandsBefore = roundTrips.get();
        ExecutorService callers = Executors.newFixedThreadPool(INSTANCES * THREADS);
        try {
            CyclicBarrier start = new CyclicBarrier(INSTANCES * THREADS);
            List<Future<Calls>> done = new ArrayList<>();
            for (int t = 0; t < INSTANCES * THREADS; t++) {
                Limit limit = limits.get(t % INSTANCES);
                done.add(callers.submit(() -> {
                    long[] nanos = new long[MAX_SAMPLES]; // the last MAX_SAMPLES decisions' times
                    long admitted = 0;
                    start.await(30, TimeUnit.SECONDS);
                    long end = System.nanoTime() + OFFERED_NANOS;
                    long n = 0;
                    for (long now = System.nanoTime(); now < end; now = System.nanoTime()) { // bounded by time
                        admitted += limit.tryAcquire() ? 1 : 0;
                        nanos[(int) (n++ % MAX_SAMPLES)] = System.nanoTime() - now;
                    }
                    return new Calls(Arrays.copyOf(nanos, (int) Math.min(n, MAX_SAMPLES)), n, admitted);
                }));
            }
            List<Calls> all = new ArrayList<>();
            for (Future<Calls> f : done) {
                all.add(f.get(60, TimeUnit.SECONDS));
            }
            long commands = roundTrips.get() - commandsBefore;
            long[] merged = all.stream().flatMapToLong(c -> Arrays.stream(c.nanos())).sorted().toArray();
            long admitted = all.stream().mapToLong(Calls::admitted).sum();
            long calls = all.stream().mapToLong(Calls::calls).sum();
            int samples = merged.length;
            return new Run(variant, calls, admitted, commands, merged[samples / 2],
                    merged[Math.min(samples - 1, (int) (samples * 0.99))], merged[samples - 1]);
        } finally {
            callers.shutdownNow();
        }
    }
}
