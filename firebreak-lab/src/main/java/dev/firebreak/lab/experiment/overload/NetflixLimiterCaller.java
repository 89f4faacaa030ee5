package dev.firebreak.lab.experiment.overload;

import com.netflix.concurrency.limits.Limiter;
import com.netflix.concurrency.limits.limit.Gradient2Limit;
import com.netflix.concurrency.limits.limiter.SimpleLimiter;
import java.net.http.HttpTimeoutException;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * The peer: Netflix concurrency-limits 0.5.4, a {@link SimpleLimiter} driven by {@link Gradient2Limit}
 * with the same initial, minimum and maximum limits as Firebreak's adaptive variants. A success is
 * {@code onSuccess}, a timeout {@code onDropped} (the library's advice for overload signals), any other
 * failure {@code onIgnore}.
 */
final class NetflixLimiterCaller implements OverloadCaller {

    private final HttpCalls http;
    private final SimpleLimiter<Void> limiter;

    NetflixLimiterCaller(VariantContext context) {
        this.http = new HttpCalls(context.uri(), context.timeout());
        this.limiter = SimpleLimiter.newBuilder().limit(Gradient2Limit.newBuilder().initialLimit(context.initialLimit())
                .minLimit(context.minLimit()).maxConcurrency(context.maxLimit()).build()).build();
    }

    @Override
    public CompletableFuture<Outcome> call() {
        Optional<Limiter.Listener> listener = limiter.acquire(null);
        if (listener.isEmpty()) {
            return CompletableFuture.completedFuture(Outcome.REJECTED);
        }
        return http.sendAsync().handle((status, failure) -> {
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
