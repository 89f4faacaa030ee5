package dev.firebreak.lab.experiment.hedge;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.hedge.Hedge;
import dev.firebreak.hedge.Idempotent;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;

/**
 * The tail experiment's variants: the HTTP call through a Firebreak guard (VIRTUAL isolation, 2 s
 * timeout, {@code interruptOnCancel} so a cancelled loser's HTTP request is aborted), alone or with
 * hedging at the guard's rolling p95 or p99, with and without the hedge budget (the larger of 5 % of calls and 1/s).
 */
public enum HedgeVariant {
    /** The guard alone. */
    NONE("none", "the guard alone, no hedging", 0, false),
    /** Hedging at p95, no budget. */
    P95("firebreak-hedge-p95", "one hedge after the guard's rolling p95, no budget", 95, false),
    /** Hedging at p95 with the budget. */
    P95_BUDGET("firebreak-hedge-p95-budget", "one hedge after the guard's rolling p95, budget the larger of 5 % and 1/s", 95, true),
    /** Hedging at p99, no budget. */
    P99("firebreak-hedge-p99", "one hedge after the guard's rolling p99, no budget", 99, false),
    /** Hedging at p99 with the budget. */
    P99_BUDGET("firebreak-hedge-p99-budget", "one hedge after the guard's rolling p99, budget the larger of 5 % and 1/s", 99, true);

    private final String label;
    private final String description;
    private final double percentile;
    private final boolean budget;

    HedgeVariant(String label, String description, double percentile, boolean budget) {
        this.label = label;
        this.description = description;
        this.percentile = percentile;
        this.budget = budget;
    }

    /** The name in tables. */
    public String label() {
        return label;
    }

    /** One line on what it is. */
    public String description() {
        return description;
    }

    /** Whether the hedge budget applies. */
    public boolean budgeted() {
        return budget;
    }

    /** One request through this variant, started at once. */
    public Supplier<CompletableFuture<?>> request(HttpClient client, URI uri) {
        Supplier<CompletableFuture<String>> call = () -> client
                .sendAsync(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(2)).build(),
                        HttpResponse.BodyHandlers.ofString())
                .thenApply(response -> {
                    if (response.statusCode() != 200) {
                        throw new CompletionException(new java.io.IOException("HTTP " + response.statusCode()));
                    }
                    return response.body();
                });
        GuardRegistry registry = GuardRegistry.builder().build();
        Guard guard = registry.guard("downstream").isolation(Isolation.virtualThreads(10_000))
                .timeout(Duration.ofSeconds(2)).configure(c -> c.interruptOnCancel(true)).build();
        if (this == NONE) {
            return () -> guard.submitAsync(call);
        }
        Hedge hedge = Hedge.named("downstream").through(guard)
                .configure(c -> c.percentile(percentile).maxHedges(1).budgetEnabled(budget)).build();
        Idempotent.Stage<String> idempotent = Idempotent.stage(call);
        return () -> hedge.submitAsync(idempotent);
    }
}
