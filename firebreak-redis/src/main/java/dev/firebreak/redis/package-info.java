/**
 * A rate limit shared by a fleet, on Redis: {@link dev.firebreak.redis.SharedRateLimit} is an attempt
 * policy that admits from tokens leased in batches out of one token bucket in Redis, and from a local
 * share of the fleet's rate while Redis is away.
 */
package dev.firebreak.redis;
