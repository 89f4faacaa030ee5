package dev.firebreak.lab.experiment.overload;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.RejectedException;
import dev.firebreak.context.Criticality;
import dev.firebreak.limit.LimitConfig;
import dev.firebreak.limit.LimitKind;
import java.util.concurrent.CompletableFuture;
import java.util.function.UnaryOperator;

/**
 * A Firebreak guard in a registry of its own around the asynchronous call ({@code submitAsync}: no
 * thread held while the downstream works): SEMAPHORE isolation, static or driven by an adaptive limit
 * ({@code limit.algorithm} AIMD, GRADIENT2 or VEGAS, the same initial/min/max as the peer's; AIMD with the context's
 * latency threshold), the context's timeout, the breaker
 * off and no fallback, so that only the isolation's limit shapes the load. A {@link RejectedException}
 * is a rejection; anything else a failure.
 */
public final class GuardCaller implements OverloadCaller {

    private final HttpCalls http;
    private final GuardRegistry registry;
    private final Guard guard;

    /**
     * @param semaphore the semaphore's size (the static limit, or the adaptive limit's ceiling)
     * @param limit the adaptive limit ({@code limit.*}), or {@link LimitConfig#defaults()} for the static one
     */
    GuardCaller(VariantContext context, int semaphore, LimitConfig limit) {
        this(context, semaphore, limit, UnaryOperator.identity());
    }

    /**
     * @param more further configuration of the guard (the shed experiment's priorities), applied last
     */
    GuardCaller(VariantContext context, int semaphore, LimitConfig limit, UnaryOperator<Guard.Builder> more) {
        this.http = new HttpCalls(context.uri(), context.timeout());
        this.registry = GuardRegistry.builder().build();
        this.guard = more.apply(registry.guard("overload").isolation(Isolation.semaphore(semaphore)).timeout(context.timeout())
                .configure(c -> c.breaker(b -> b.enabled(false)).fallback(f -> f.enabled(false))).adaptiveLimit(limit)).build();
    }

    /** The static semaphore of seed 003's Little's-law size. */
    public static GuardCaller fixed(VariantContext context) {
        return new GuardCaller(context, context.sizing().coreSize(), LimitConfig.defaults());
    }

    /** The semaphore's count driven by {@code algorithm} within the context's bounds (its size is the ceiling). */
    public static GuardCaller adaptive(VariantContext context, LimitKind algorithm) {
        return adaptive(context, algorithm, UnaryOperator.identity());
    }

    /** {@link #adaptive(VariantContext, LimitKind)} with the guard configured further by {@code more}, last. */
    public static GuardCaller adaptive(VariantContext context, LimitKind algorithm, UnaryOperator<Guard.Builder> more) {
        LimitConfig.Builder limit = LimitConfig.builder().algorithm(algorithm).initialLimit(context.initialLimit())
                .minLimit(context.minLimit()).maxLimit(context.maxLimit());
        if (algorithm == LimitKind.AIMD) {
            limit.aimdLatencyThreshold(context.aimdLatencyThreshold());
        }
        return new GuardCaller(context, context.maxLimit(), limit.build(), more);
    }

    @Override
    public CompletableFuture<Outcome> call() {
        return guard.submitAsync(http::sendAsync)
                .handle((status, failure) -> failure == null ? Outcome.OK
                        : HttpCalls.unwrap(failure) instanceof RejectedException ? Outcome.REJECTED : Outcome.FAILED);
    }

    @Override
    public CompletableFuture<Outcome> call(Criticality level) {
        try (Criticality.Scope scope = level.open()) {
            return guard.submitAsync(() -> http.sendAsync(level))
                    .handle((status, failure) -> failure == null ? Outcome.OK
                            : HttpCalls.unwrap(failure) instanceof RejectedException ? Outcome.REJECTED : Outcome.FAILED);
        }
    }

    @Override
    public double limit() {
        return guard.controls().isolator().limit();
    }

    @Override
    public void close() {
        http.close();
        registry.close();
    }
}
