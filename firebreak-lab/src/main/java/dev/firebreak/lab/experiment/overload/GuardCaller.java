package dev.firebreak.lab.experiment.overload;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.RejectedException;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.ToDoubleFunction;

/**
 * A Firebreak guard in a registry of its own around the asynchronous call ({@code submitAsync}: no
 * thread held while the downstream works): SEMAPHORE isolation, the context's timeout, the breaker
 * off and no fallback, so that only the isolation's limit shapes the load. A {@link RejectedException}
 * is a rejection; anything else a failure.
 */
final class GuardCaller implements OverloadCaller {

    private final HttpCalls http;
    private final GuardRegistry registry;
    private final Guard guard;
    private final ToDoubleFunction<Guard> limit;

    /**
     * @param semaphore the semaphore's size (the static limit, or the adaptive limit's ceiling)
     * @param adapt configures the built guard further (an adaptive limit), or does nothing
     * @param limit reads the limit in force from the guard
     */
    GuardCaller(VariantContext context, int semaphore, Consumer<Guard> adapt, ToDoubleFunction<Guard> limit) {
        this.http = new HttpCalls(context.uri(), context.timeout());
        this.registry = GuardRegistry.builder().build();
        this.guard = registry.guard("overload").isolation(Isolation.semaphore(semaphore)).timeout(context.timeout())
                .configure(c -> c.circuitBreakerEnabled(false).fallbackEnabled(false)).build();
        adapt.accept(guard);
        this.limit = limit;
    }

    @Override
    public CompletableFuture<Outcome> call() {
        return guard.submitAsync(http::sendAsync)
                .handle((status, failure) -> failure == null ? Outcome.OK
                        : HttpCalls.unwrap(failure) instanceof RejectedException ? Outcome.REJECTED : Outcome.FAILED);
    }

    @Override
    public double limit() {
        return limit.applyAsDouble(guard);
    }

    @Override
    public void close() {
        http.close();
        registry.close();
    }
}
