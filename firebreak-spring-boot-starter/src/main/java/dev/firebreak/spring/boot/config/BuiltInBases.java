package dev.firebreak.spring.boot.config;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The base configurations the starter defines itself, so that a guard can be one part alone without
 * switching the others off key by key: {@code firebreak-bulkhead} (a concurrency limit on the caller's
 * thread) and {@code firebreak-rate-limiter} (a rate limit, nothing else). Each leaves the breaker and the
 * timeout off; a guard's own keys still win over its base. An application that defines a base of the
 * same name under {@code firebreak.configs.*} replaces the built-in one.
 */
final class BuiltInBases {

    /** A bulkhead alone: SEMAPHORE isolation (its limit the guard's own, default 10), no breaker, no timeout. */
    static final String BULKHEAD = "firebreak-bulkhead";
    /** A rate limiter alone: the guard's rate, no breaker, no timeout, no concurrency limit to speak of. */
    static final String RATE_LIMITER = "firebreak-rate-limiter";

    private BuiltInBases() {
    }

    /** Each built-in base, by name: its properties as the keys under {@code firebreak.configs.<name>.} spell them. */
    static Map<String, Map<String, String>> all() {
        Map<String, String> alone = new LinkedHashMap<>();
        alone.put("execution.isolation.strategy", "SEMAPHORE");
        alone.put("circuitBreaker.enabled", "false");
        alone.put("execution.timeout.enabled", "false");
        Map<String, String> rateLimiter = new LinkedHashMap<>(alone);
        rateLimiter.put("rateLimit.enabled", "true");
        rateLimiter.put("execution.isolation.semaphore.maxConcurrentRequests", Integer.toString(Integer.MAX_VALUE / 2));
        return Map.of(BULKHEAD, Map.copyOf(alone), RATE_LIMITER, Map.copyOf(rateLimiter));
    }
}
