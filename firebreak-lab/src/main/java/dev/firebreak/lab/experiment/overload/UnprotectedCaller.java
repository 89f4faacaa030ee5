package dev.firebreak.lab.experiment.overload;

import dev.firebreak.context.Criticality;
import java.util.concurrent.CompletableFuture;

/** The HTTP call alone: every request goes to the downstream, however many are already waiting there. */
public final class UnprotectedCaller implements OverloadCaller {

    private final HttpCalls http;

    /** A caller with its own HTTP client. */
    public UnprotectedCaller(VariantContext context) {
        this.http = new HttpCalls(context.uri(), context.timeout());
    }

    @Override
    public CompletableFuture<Outcome> call() {
        return http.sendAsync().handle((status, failure) -> failure == null ? Outcome.OK : Outcome.FAILED);
    }

    @Override
    public CompletableFuture<Outcome> call(Criticality level) {
        try (Criticality.Scope scope = level.open()) {
            return http.sendAsync(level).handle((status, failure) -> failure == null ? Outcome.OK : Outcome.FAILED);
        }
    }

    @Override
    public double limit() {
        return Double.NaN;
    }

    @Override
    public void close() {
        http.close();
    }
}
