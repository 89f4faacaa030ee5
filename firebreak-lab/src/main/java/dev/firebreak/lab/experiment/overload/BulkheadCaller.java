package dev.firebreak.lab.experiment.overload;

import io.github.resilience4j.bulkhead.Bulkhead;
import io.github.resilience4j.bulkhead.BulkheadConfig;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * Resilience4j's semaphore bulkhead around the asynchronous call: at most seed 003's Little's-law size
 * in flight, no waiting for a permit (a full bulkhead refuses at once).
 */
final class BulkheadCaller implements OverloadCaller {

    private final HttpCalls http;
    private final Bulkhead bulkhead;

    BulkheadCaller(VariantContext context) {
        this.http = new HttpCalls(context.uri(), context.timeout());
        this.bulkhead = Bulkhead.of("overload", BulkheadConfig.custom().maxConcurrentCalls(context.sizing().coreSize())
                .maxWaitDuration(Duration.ZERO).build());
    }

    @Override
    public CompletableFuture<Outcome> call() {
        if (!bulkhead.tryAcquirePermission()) {
            return CompletableFuture.completedFuture(Outcome.REJECTED);
        }
        return http.sendAsync().handle((status, failure) -> {
            bulkhead.onComplete();
            return failure == null ? Outcome.OK : Outcome.FAILED;
        });
    }

    @Override
    public double limit() {
        return bulkhead.getBulkheadConfig().getMaxConcurrentCalls();
    }

    @Override
    public void close() {
        http.close();
    }
}
