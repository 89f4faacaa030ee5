package dev.firebreak.redis;

import dev.firebreak.time.Scheduler;
import dev.firebreak.time.Ticker;
import io.lettuce.core.api.StatefulRedisConnection;
import java.time.Duration;
import java.util.Objects;
import java.util.UUID;

/** Builds a {@link SharedRateLimit}; every setting is checked by {@link #build()}, which names what it refuses. */
public final class SharedRateLimitBuilder {

    private final StatefulRedisConnection<String, String> connection;
    private final String name;
    private int permitsPerSecond = -1;
    private int burst = -1;
    private Duration leasePeriod = Duration.ofMillis(200);
    private Duration redisTimeout = Duration.ofMillis(50);
    private Duration probeInterval = Duration.ofSeconds(1);
    private WhenRedisIsAway whenRedisIsAway = WhenRedisIsAway.LOCAL_SHARE;
    private int expectedInstances = 1;
    private String keyPrefix = "firebreak:quota:";
    private String instance = UUID.randomUUID().toString();
    private Ticker ticker = Ticker.system();
    private Scheduler scheduler = Scheduler.system();

    SharedRateLimitBuilder(StatefulRedisConnection<String, String> connection, String name) {
        this.connection = Objects.requireNonNull(connection, "connection");
        this.name = Objects.requireNonNull(name, "name");
    }

    /** The fleet's rate, required: at most this many calls a second across every instance. */
    public SharedRateLimitBuilder permitsPerSecond(int permits) {
        this.permitsPerSecond = permits;
        return this;
    }

    /** Calls the fleet may make at once above the rate after a quiet spell; default a tenth of a second's rate (at least 1). */
    public SharedRateLimitBuilder burst(int tokens) {
        this.burst = tokens;
        return this;
    }

    /** How long a lease's tokens stay usable, and about how much one lease takes; default 200 ms. */
    public SharedRateLimitBuilder leasePeriod(Duration period) {
        this.leasePeriod = period;
        return this;
    }

    /** How long a lease request may take before Redis counts as away; default 50 ms. */
    public SharedRateLimitBuilder redisTimeout(Duration timeout) {
        this.redisTimeout = timeout;
        return this;
    }

    /** How often Redis is asked again while it is away; default 1 s. */
    public SharedRateLimitBuilder probeInterval(Duration interval) {
        this.probeInterval = interval;
        return this;
    }

    /** What to admit while Redis is away; default {@link WhenRedisIsAway#LOCAL_SHARE}. */
    public SharedRateLimitBuilder whenRedisIsAway(WhenRedisIsAway choice) {
        this.whenRedisIsAway = choice;
        return this;
    }

    /** The instances to share the rate among until Redis has counted them; default 1. */
    public SharedRateLimitBuilder expectedInstances(int count) {
        this.expectedInstances = count;
        return this;
    }

    /** The Redis keys' prefix; default {@code firebreak:quota:}. */
    public SharedRateLimitBuilder keyPrefix(String prefix) {
        this.keyPrefix = prefix;
        return this;
    }

    /** This instance's id among the fleet's members; default a random UUID. */
    public SharedRateLimitBuilder instance(String id) {
        this.instance = id;
        return this;
    }

    /** The clock and the scheduler (the registry's, usually: {@code registry.ticker()}, {@code registry.scheduler()}). */
    public SharedRateLimitBuilder time(Ticker clock, Scheduler timers) {
        this.ticker = Objects.requireNonNull(clock, "ticker");
        this.scheduler = Objects.requireNonNull(timers, "scheduler");
        return this;
    }

    /**
     * The limit, which asks Redis for its first lease at once (without waiting for it).
     *
     * @throws IllegalArgumentException naming the setting, its value and the rule it breaks
     */
    public SharedRateLimit build() {
        if (name.isBlank()) {
            throw new IllegalArgumentException("name: '" + name + "' must not be blank");
        }
        if (permitsPerSecond < 1) {
            throw new IllegalArgumentException("permitsPerSecond: " + permitsPerSecond + " must be at least 1 (required)");
        }
        int chosenBurst = burst < 0 ? Math.max(1, permitsPerSecond / 10) : burst;
        if (chosenBurst < 1) {
            throw new IllegalArgumentException("burst: " + burst + " must be at least 1");
        }
        positive("leasePeriod", leasePeriod);
        positive("redisTimeout", redisTimeout);
        positive("probeInterval", probeInterval);
        Objects.requireNonNull(whenRedisIsAway, "whenRedisIsAway");
        if (expectedInstances < 1) {
            throw new IllegalArgumentException("expectedInstances: " + expectedInstances + " must be at least 1");
        }
        Objects.requireNonNull(keyPrefix, "keyPrefix");
        if (instance == null || instance.isBlank()) {
            throw new IllegalArgumentException("instance: '" + instance + "' must not be blank");
        }
        SharedRateLimitSettings settings = new SharedRateLimitSettings(permitsPerSecond, chosenBurst, leasePeriod,
                redisTimeout, probeInterval, whenRedisIsAway, expectedInstances);
        FleetBucket bucket = new FleetBucket(connection, keyPrefix, name, permitsPerSecond, chosenBurst, instance,
                settings.keyTtlMillis(), settings.memberWindowMillis());
        SharedRateLimit limit = new SharedRateLimit(bucket, settings, ticker, scheduler);
        limit.requestLease();
        return limit;
    }

    private static void positive(String setting, Duration value) {
        if (value == null || value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException(setting + ": " + value + " must be a positive duration");
        }
    }
}
