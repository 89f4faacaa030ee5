package dev.firebreak.redis;

import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.StatefulRedisConnection;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * The fleet's token bucket in Redis, asked through one Lua script (lease.lua): one round trip leases
 * tokens and records this instance as alive; an instance unseen for the members' window, or gone by
 * {@link #leave()}, no longer counts. Both keys expire, so a name no instance uses any more leaves
 * nothing behind.
 */
final class FleetBucket {

    private static final String SCRIPT = load();

    private final StatefulRedisConnection<String, String> connection;
    private final String[] keys;
    private final String rate;
    private final String burst;
    private final String instance;
    private final String ttlMillis;
    private final String memberWindowMillis;
    private final String name;

    FleetBucket(StatefulRedisConnection<String, String> connection, String keyPrefix, String name, int permitsPerSecond,
            int burst, String instance, long ttlMillis, long memberWindowMillis) {
        this.connection = connection;
        this.keys = new String[] {keyPrefix + name, keyPrefix + name + ":members"};
        this.rate = Integer.toString(permitsPerSecond);
        this.burst = Integer.toString(burst);
        this.instance = instance;
        this.ttlMillis = Long.toString(ttlMillis);
        this.memberWindowMillis = Long.toString(memberWindowMillis);
        this.name = name;
    }

    /** The limit's name: its keys' suffix. */
    String name() {
        return name;
    }

    /** Asks for {@code wanted} tokens; the stage fails if Redis does. */
    CompletionStage<Grant> lease(long wanted) {
        return connection.async().<List<Object>>eval(SCRIPT, ScriptOutputType.MULTI, keys, rate, burst,
                Long.toString(wanted), instance, ttlMillis, memberWindowMillis)
                .thenApply(reply -> new Grant((Long) reply.get(0), (int) (long) (Long) reply.get(1)));
    }

    /** Removes this instance from the members at once (a clean leave), without waiting for Redis's answer. */
    void leave() {
        connection.async().zrem(keys[1], instance);
    }

    /** The bucket's key and the members' key, for operators and tests. */
    List<String> keys() {
        return List.of(keys);
    }

    private static String load() {
        try (InputStream in = FleetBucket.class.getResourceAsStream("lease.lua")) {
            if (in == null) {
                throw new IllegalStateException("lease.lua is missing from the firebreak-redis jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
