package dev.firebreak.lab.experiment.overload;

import com.netflix.concurrency.limits.Limiter;
import com.netflix.concurrency.limits.limit.Gradient2Limit;
import com.netflix.concurrency.limits.limiter.AbstractLimiter;
import com.netflix.concurrency.limits.limiter.AbstractPartitionedLimiter;
import com.netflix.concurrency.limits.limiter.SimpleLimiter;
import dev.firebreak.context.Criticality;
import java.net.http.HttpTimeoutException;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * The peer: Netflix concurrency-limits 0.5.4, a {@link SimpleLimiter} driven by {@link Gradient2Limit}
 * with the same initial, minimum and maximum limits as Firebreak's adaptive variants; for the shed
 * experiment partitioned by criticality ({@link #partitioned}). A success is {@code onSuccess}, a
 * timeout {@code onDropped} (the library's advice for overload signals), any other failure
 * {@code onIgnore}.
 */
public final class NetflixLimiterCaller implements OverloadCaller {

    private final HttpCalls http;
    private final AbstractLimiter<Criticality> limiter;

    NetflixLimiterCaller(VariantContext context) {
        this(context, SimpleLimiter.newBuilder().limit(gradient2(context)).build());
    }

    private NetflixLimiterCaller(VariantContext context, Limiter<Criticality> limiter) {
        this.http = new HttpCalls(context.uri(), context.timeout());
        this.limiter = (AbstractLimiter<Criticality>) limiter;
    }

    /**
     * The partitioned limiter: a partition per level (named as the level in lower case) with its
     * guaranteed share of the limit; a partition below its share is admitted even when the whole limit
     * is in use, and one above it borrows while the whole limit is not (concurrency-limits' semantics).
     *
     * @param shares each level's share of the limit (the levels absent get no partition and fall in none)
     */
    public static NetflixLimiterCaller partitioned(VariantContext context, Map<Criticality, Double> shares) {
        ByCriticality builder = new ByCriticality().limit(gradient2(context)).partitionResolver(NetflixLimiterCaller::partitionName);
        shares.forEach((level, share) -> builder.partition(partitionName(level), share));
        return new NetflixLimiterCaller(context, builder.build());
    }

    /** The library's partitioned builder (abstract only for its {@code self()}), contexts being levels. */
    private static final class ByCriticality extends AbstractPartitionedLimiter.Builder<ByCriticality, Criticality> {
        @Override
        protected ByCriticality self() {
            return this;
        }
    }

    private static String partitionName(Criticality level) {
        return level == null ? "none" : level.name().toLowerCase(Locale.ROOT);
    }

    private static Gradient2Limit gradient2(VariantContext context) {
        return Gradient2Limit.newBuilder().initialLimit(context.initialLimit()).minLimit(context.minLimit())
                .maxConcurrency(context.maxLimit()).build();
    }

    @Override
    public CompletableFuture<Outcome> call() {
        return send(null, limiter.acquire(null));
    }

    @Override
    public CompletableFuture<Outcome> call(Criticality level) {
        try (Criticality.Scope scope = level.open()) {
            return send(level, limiter.acquire(level));
        }
    }

    private CompletableFuture<Outcome> send(Criticality level, Optional<Limiter.Listener> listener) {
        if (listener.isEmpty()) {
            return CompletableFuture.completedFuture(Outcome.REJECTED);
        }
        CompletableFuture<Integer> answer = level == null ? http.sendAsync() : http.sendAsync(level);
        return answer.handle((status, failure) -> {
            if (failure == null) {
                listener.get().onSuccess();
                return Outcome.OK;
            }
            if (HttpCalls.unwrap(failure) instanceof HttpTimeoutException) {
                listener.get().onDropped();
            } else {
                listener.get().onIgnore();
            }
            return Outcome.FAILED;
        });
    }

    @Override
    public double limit() {
        return limiter.getLimit();
    }

    @Override
    public void close() {
        http.close();
    }
}
