package dev.firebreak.spring.boot.inbound;

import dev.firebreak.Guard;
import dev.firebreak.GuardException;
import dev.firebreak.RateLimitedException;
import dev.firebreak.ShortCircuitedException;
import dev.firebreak.rolling.LatencySnapshot;
import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The {@code Retry-After} of a refused request, in whole seconds, at least 1 and at most the configured
 * maximum ({@code firebreak.inbound.retry-after-max}), from the state of what refused it:
 * <ul>
 *   <li>the rate limiter: the time until its next permit, rounded up;</li>
 *   <li>an open breaker: its sleep window, after which it lets a trial call through (the most it can
 *       still be open, since when it opened is not told);</li>
 *   <li>a full concurrency limit (static, adaptive or with priorities): the guard's recent p99 latency,
 *       rounded up. A refusal means every permit is held; within a p99 latency nearly every call holding
 *       one has ended and an adaptive limit has taken that many new samples, so a retry then meets
 *       freed capacity rather than the same queue. For services answering in under a second that is
 *       1 s, the header's resolution.</li>
 * </ul>
 * The latency estimate is read from the guard's metrics at most once a second per guard: under overload
 * refusals come by the thousand and need no fresh snapshot each.
 */
final class RetryAfter {

    private static final long SECOND = 1_000_000_000L;

    private final long maxSeconds;
    private final ConcurrentHashMap<Guard, Estimate> estimates = new ConcurrentHashMap<>();

    private record Estimate(long atNanos, long latencyNanos) {
    }

    RetryAfter(Duration max) {
        this.maxSeconds = Math.max(1, max.toSeconds());
    }

    /** The seconds a client refused by {@code guard} with {@code refusal} should wait. */
    long seconds(Guard guard, GuardException refusal) {
        long now = guard.controls().registry().ticker().read();
        long nanos = switch (refusal) {
            case RateLimitedException limited -> guard.controls().rateLimiter().nanosUntilPermit(now);
            case ShortCircuitedException open -> guard.controls().config().breaker().sleepWindowNanos();
            default -> recentLatency(guard, now);
        };
        return Math.min(maxSeconds, Math.max(1, Math.ceilDiv(Math.max(0, nanos), SECOND)));
    }

    private long recentLatency(Guard guard, long now) {
        Estimate last = estimates.get(guard);
        if (last != null && now - last.atNanos() < SECOND) {
            return last.latencyNanos();
        }
        LatencySnapshot latency = guard.controls().metrics().snapshot().executionLatency();
        long p99 = latency.disabled() ? SECOND : latency.percentileNanos(99.0);
        estimates.put(guard, new Estimate(now, p99));
        return p99;
    }
}
