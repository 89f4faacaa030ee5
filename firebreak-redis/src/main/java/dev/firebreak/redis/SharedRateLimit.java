package dev.firebreak.redis;

import dev.firebreak.attempt.Admission;
import dev.firebreak.event.EventType;
import dev.firebreak.ratelimit.RateLimitConfig;
import dev.firebreak.ratelimit.RateLimiter;
import dev.firebreak.time.Cancellable;
import dev.firebreak.time.Scheduler;
import dev.firebreak.time.Ticker;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * A rate limit shared by every instance of a fleet: at most {@code permitsPerSecond} calls a second
 * across all of them (plus {@code burst}), kept in one token bucket in Redis. An attempt policy: add it
 * to a guard with {@code registry.guard("partner").attemptPolicy(limit)}; a refused attempt is
 * {@code RATE_LIMITED}, then the fallback.
 *
 * <p>No call waits for Redis, sends it a command or wakes another thread: each instance leases tokens in
 * batches (about what it used in the last lease period) and admits from its lease; a timer checks the
 * lease four times a lease period and asks for the next batch when it runs low. A lease left unused for a lease period is dropped, so the fleet admits at most
 * {@code permitsPerSecond * W + burst} calls in any interval W, plus one lease period's tokens per
 * instance.
 *
 * <p>When Redis does not answer a lease request within {@code redisTimeout}, the limit admits as
 * {@link WhenRedisIsAway} says (by default this instance's share of the rate: the rate divided by the
 * instances Redis last counted), reports it ({@link #status()}), and asks Redis again every
 * {@code probeInterval}; the first answer puts it back on the fleet's bucket.
 */
public final class SharedRateLimit implements Admission, AutoCloseable {

    /*
     * Concurrency: the lease is one AtomicLong of tokens; enter takes one by compare-and-set (no lock,
     * no allocation) and a grant adds to it. At most one lease request is in flight (requesting). The
     * mode is one volatile field written only by the completion of a lease request (or its timeout) and
     * by close. The expiry tick drops the lease's tokens only when no grant came in the last period, so
     * a drop never takes tokens of a grant younger than a period (at worst it drops tokens it should
     * have kept: the fleet admits less, never more).
     *
     * Lease requests leave only from the refill check on the scheduler's thread. When callers sent them
     * (on a low lease or a refusal), about one call in twenty paid a timer insertion and a Lettuce
     * dispatch, each waking another thread: p99 0.9-1.2 ms a call on a loaded 2-core host in the fleet
     * lab, against 0.1-0.2 ms for a local limiter.
     *
     * A grant short of what was asked (the bucket drained) holds the next request off for holdOffNanos:
     * without it, an instance offered more than its share would ask Redis again at once for the token or
     * two refilled meanwhile (when refused calls sent requests, about 25 commands per admitted call in
     * SharedLimitPeersTest). The hold-off is at most half the time the bucket takes to
     * refill its burst, so the tokens that accumulate meanwhile stay in the bucket (none overflow the
     * burst) and the fleet's admitted rate is unchanged.
     */

    private static final Object PERMIT = new Object() {
        @Override
        public String toString() {
            return "shared rate-limit permit";
        }
    };

    private final FleetBucket bucket;
    private final SharedRateLimitSettings settings;
    private final Ticker ticker;
    private final Scheduler scheduler;
    private final AtomicLong lease = new AtomicLong();
    private final AtomicBoolean requesting = new AtomicBoolean();
    private final LongAdder takenSinceGrant = new LongAdder();
    private final LongAdder refusedSinceGrant = new LongAdder();
    private final LongAdder admitted = new LongAdder();
    private final LongAdder refused = new LongAdder();
    private final LongAdder redisFailures = new LongAdder();
    private volatile long lastGrantNanos;
    private volatile long lastWanted = 1;
    private volatile long lastProbeNanos;
    /** No lease request before this reading: set when Redis granted less than asked (the bucket was drained). */
    private volatile long holdOffUntilNanos;
    private volatile int instances;
    private volatile SharedRateLimitStatus.Mode mode = SharedRateLimitStatus.Mode.SHARED;
    private volatile RateLimiter localShare;
    private volatile String lastFailure = "";
    private volatile boolean closed;
    private volatile Cancellable tick;

    SharedRateLimit(FleetBucket bucket, SharedRateLimitSettings settings, Ticker ticker, Scheduler scheduler) {
        this.bucket = bucket;
        this.settings = settings;
        this.ticker = ticker;
        this.scheduler = scheduler;
        this.instances = settings.expectedInstances();
        this.lastGrantNanos = ticker.read();
        scheduleTick();
    }

    /** Starts building a shared limit named {@code name} (the Redis key's suffix) on {@code connection}. */
    public static SharedRateLimitBuilder builder(io.lettuce.core.api.StatefulRedisConnection<String, String> connection,
            String name) {
        return new SharedRateLimitBuilder(connection, name);
    }

    @Override
    public Object enter(long nowNanos) {
        SharedRateLimitStatus.Mode now = mode;
        if (now != SharedRateLimitStatus.Mode.SHARED) {
            return enterWhileAway(now, nowNanos);
        }
        long tokens = lease.get();
        while (tokens > 0) {
            if (lease.compareAndSet(tokens, tokens - 1)) {
                takenSinceGrant.increment();
                admitted.increment();
                return PERMIT; // a low lease is the refill check's to renew, never the caller's
            }
            tokens = lease.get();
        }
        refusedSinceGrant.increment();
        refused.increment();
        return null;
    }

    private Object enterWhileAway(SharedRateLimitStatus.Mode away, long nowNanos) {
        Object permit = switch (away) {
            case ADMIT_ALL -> PERMIT;
            case REFUSE_ALL -> null;
            default -> localShare.enter(nowNanos);
        };
        (permit == null ? refused : admitted).increment();
        return permit == null ? null : PERMIT;
    }

    @Override
    public EventType refusal() {
        return EventType.RATE_LIMITED;
    }

    @Override
    public void exit(Object permit, EventType event, long executionNanos, long nowNanos) {
        // A token is spent on admission: nothing to give back.
    }

    /** The limit's name, which every instance sharing it gives (the suffix of its Redis keys). */
    public String name() {
        return bucket.name();
    }

    /** What the limit is doing now: the mode, the instances Redis counted, and its counts since creation. */
    public SharedRateLimitStatus status() {
        return new SharedRateLimitStatus(mode, instances, lease.get(), admitted.sum(), refused.sum(),
                redisFailures.sum(), lastFailure);
    }

    /**
     * Stops asking Redis and leaves the fleet's members (so the others' local shares count one instance
     * fewer at once); the limit then refuses every call. The connection is the application's.
     */
    @Override
    public void close() {
        closed = true;
        mode = SharedRateLimitStatus.Mode.REFUSE_ALL;
        Cancellable running = tick;
        if (running != null) {
            running.cancel();
        }
        try {
            bucket.leave();
        } catch (RuntimeException redisAway) {
            // best effort: the members' window drops this instance anyway
        }
    }

    /**
     * Asks for the next lease unless one request is already in flight, or Redis just granted less than
     * asked and the bucket cannot have refilled yet; never blocks.
     */
    void requestLease() {
        if (closed || ticker.read() - holdOffUntilNanos < 0 || !requesting.compareAndSet(false, true)) {
            return;
        }
        long wanted = wanted();
        CompletableFuture<Grant> answer = new CompletableFuture<>();
        Cancellable timeout = scheduler.schedule(settings.redisTimeout().toNanos(), () -> answer.completeExceptionally(
                new TimeoutException("no answer within " + settings.redisTimeout().toMillis() + " ms")));
        try {
            bucket.lease(wanted).whenComplete((grant, failure) -> {
                if (failure != null) {
                    answer.completeExceptionally(failure);
                } else {
                    answer.complete(grant);
                }
            });
        } catch (RuntimeException refusedAtOnce) {
            answer.completeExceptionally(refusedAtOnce);
        }
        answer.whenComplete((grant, failure) -> {
            timeout.cancel();
            if (failure == null) {
                granted(grant, wanted);
            } else {
                failed(failure);
            }
            requesting.set(false);
        });
    }

    /** About what this instance used (and was refused) since the last grant, over a lease period, within bounds. */
    private long wanted() {
        long since = Math.max(1, ticker.read() - lastGrantNanos);
        double perNano = (double) (takenSinceGrant.sum() + refusedSinceGrant.sum()) / since;
        long demand = (long) Math.ceil(perNano * settings.leasePeriod().toNanos());
        return Math.max(1, Math.min(settings.maxLease(), Math.max(demand, lastWanted / 2)));
    }

    private void granted(Grant grant, long wanted) {
        lastGrantNanos = ticker.read();
        takenSinceGrant.reset();
        refusedSinceGrant.reset();
        lastWanted = wanted;
        instances = Math.max(1, grant.instances());
        if (grant.tokens() > 0) {
            lease.addAndGet(grant.tokens());
        }
        if (grant.tokens() < wanted) { // the bucket is drained: asking again at once would only load Redis
            holdOffUntilNanos = lastGrantNanos + settings.holdOffNanos();
        }
        if (mode != SharedRateLimitStatus.Mode.SHARED && !closed) {
            mode = SharedRateLimitStatus.Mode.SHARED; // Redis is back: the fleet's bucket again
        }
    }

    private void failed(Throwable failure) {
        redisFailures.increment();
        Throwable cause = failure instanceof java.util.concurrent.CompletionException && failure.getCause() != null
                ? failure.getCause() : failure;
        lastFailure = cause.toString();
        if (closed || mode != SharedRateLimitStatus.Mode.SHARED) {
            return;
        }
        lease.set(0); // the lease cannot be renewed: what is left would run past its period
        if (settings.whenRedisIsAway() == WhenRedisIsAway.LOCAL_SHARE) {
            int share = Math.max(1, settings.permitsPerSecond() / instances);
            localShare = new RateLimiter(RateLimitConfig.builder().enabled(true).permitsPerSecond(share)
                    .burst(Math.max(1, settings.burst() / instances)).build(), scheduler);
            mode = SharedRateLimitStatus.Mode.LOCAL_SHARE;
        } else {
            mode = settings.whenRedisIsAway() == WhenRedisIsAway.ADMIT_ALL
                    ? SharedRateLimitStatus.Mode.ADMIT_ALL : SharedRateLimitStatus.Mode.REFUSE_ALL;
        }
    }

    /**
     * Four times a lease period: drops a lease no grant renewed in a period, asks for the next batch when
     * the lease is half spent or a call was refused since the last grant; away from Redis, probes it.
     */
    private void onTick() {
        if (closed) {
            return;
        }
        long now = ticker.read();
        if (mode == SharedRateLimitStatus.Mode.SHARED) {
            if (now - lastGrantNanos >= settings.leasePeriod().toNanos()) {
                lease.set(0); // unused for a period: spent tokens stay spent, the rest may not pile up
                requestLease();
            } else if (lease.get() <= lastWanted / 2 || refusedSinceGrant.sum() > 0) {
                requestLease(); // low: the next batch, before the callers run out
            }
        } else if (now - lastProbeNanos >= settings.probeInterval().toNanos()) {
            lastProbeNanos = now;
            requestLease();
        }
        scheduleTick();
    }

    private void scheduleTick() {
        if (!closed) {
            tick = scheduler.schedule(settings.refillCheckNanos(), this::onTick);
        }
    }
}
