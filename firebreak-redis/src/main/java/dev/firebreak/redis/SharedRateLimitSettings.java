package dev.firebreak.redis;

import java.time.Duration;

/** A shared limit's settings, validated by {@link SharedRateLimitBuilder#build()}. */
record SharedRateLimitSettings(int permitsPerSecond, int burst, Duration leasePeriod, Duration redisTimeout,
        Duration probeInterval, WhenRedisIsAway whenRedisIsAway, int expectedInstances) {

    /** The most tokens one lease may take: one lease period of the whole fleet's rate (at least 1). */
    long maxLease() {
        return Math.max(1, permitsPerSecond * leasePeriod.toNanos() / 1_000_000_000L);
    }

    /** How long Redis keeps a name's keys after the last lease: long enough to refill the burst twice. */
    long keyTtlMillis() {
        long refill = 2_000L * burst / permitsPerSecond;
        return Math.max(10_000L, Math.max(refill, 20 * probeInterval.toMillis()));
    }

    /**
     * How long an instance counts among the members after its last lease request: five lease periods, at
     * least 1 s. A live instance asks at least once a lease period (plus a refill check), so only a
     * stopped or cut-off one drops out; its share of the rate then goes to the others.
     */
    long memberWindowMillis() {
        return Math.max(1_000L, 5 * leasePeriod.toMillis());
    }

    /** How often the lease is checked (and renewed when low): four times a lease period, at least every 1 ms. */
    long refillCheckNanos() {
        return Math.max(1_000_000L, leasePeriod.toNanos() / 4);
    }

    /**
     * How long an instance waits after Redis granted it nothing: half the time the bucket takes to refill
     * its burst (so nothing it refills meanwhile is lost), at most a quarter of a lease period, at least 1 ms.
     */
    long holdOffNanos() {
        long halfRefill = 500_000_000L * burst / permitsPerSecond;
        return Math.max(1_000_000L, Math.min(leasePeriod.toNanos() / 4, halfRefill));
    }
}
