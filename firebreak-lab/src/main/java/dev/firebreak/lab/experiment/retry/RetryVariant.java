package dev.firebreak.lab.experiment.retry;

import dev.failsafe.Failsafe;
import dev.failsafe.RetryPolicy;
import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.retry.Retry;
import io.github.resilience4j.core.IntervalFunction;
import io.github.resilience4j.retry.RetryConfig;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Supplier;

/**
 * The retry experiment's variants: one HTTP call to the downstream, with no retry, Resilience4j's
 * Retry, Failsafe's RetryPolicy, and Firebreak's {@link Retry} without and with its budget. Every
 * retrying variant makes at most 3 attempts with exponential backoff from 50 ms (factor 2); the
 * Firebreak guard's breaker is off so that only the retry policy shapes the load, like the peers.
 */
public enum RetryVariant {
    /** The HTTP call alone. */
    NONE("none", "the HTTP call alone, no retry"),
    /** Resilience4j Retry. */
    RESILIENCE4J("resilience4j-retry", "Resilience4j 2.4.0 Retry: 3 attempts, exponential backoff 50 ms x2, no budget"),
    /** Failsafe RetryPolicy. */
    FAILSAFE("failsafe-retry", "Failsafe 3.3.2 RetryPolicy: 3 attempts, backoff 50 ms to 1 s (x2), no budget"),
    /** Firebreak retry, budget and throttle off. */
    FIREBREAK("firebreak-retry", "Firebreak Retry over a VIRTUAL guard: 3 attempts, backoff 50 ms x2 full jitter, budget and throttle off"),
    /** Firebreak retry with its default budget and throttle. */
    FIREBREAK_BUDGET("firebreak-retry-budget",
            "Firebreak Retry as above with its defaults: a budget of the larger of 20 % of a 10 s window's calls and 5/s, "
                    + "and a throttle of 20 tokens (-1 per failed attempt, +0.2 per success, retries while above 10)");

    private final String label;
    private final String description;

    RetryVariant(String label, String description) {
        this.label = label;
        this.description = description;
    }

    /** The name in tables. */
    public String label() {
        return label;
    }

    /** One line on what it is. */
    public String description() {
        return description;
    }

    /** The variant by label. */
    public static RetryVariant of(String label) {
        for (RetryVariant v : values()) {
            if (v.label.equals(label)) {
                return v;
            }
        }
        throw new IllegalArgumentException("unknown variant " + label);
    }

    /** A caller of the downstream through this variant; close it after the run. */
    public Caller caller(HttpClient client, URI uri) {
        ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();
        Supplier<CompletableFuture<String>> call = () -> client
                .sendAsync(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(2)).build(),
                        HttpResponse.BodyHandlers.ofString())
                .thenApply(response -> {
                    if (response.statusCode() != 200) {
                        throw new CompletionException(new IOException("HTTP " + response.statusCode()));
                    }
                    return response.body();
                });
        Supplier<CompletableFuture<?>> request = switch (this) {
            case NONE -> call::get;
            case RESILIENCE4J -> {
                io.github.resilience4j.retry.Retry retry = io.github.resilience4j.retry.Retry.of("r4j",
                        RetryConfig.custom().maxAttempts(3)
                                .intervalFunction(IntervalFunction.ofExponentialBackoff(50, 2.0)).build());
                yield () -> retry.executeCompletionStage(scheduler, call::get).toCompletableFuture();
            }
            case FAILSAFE -> {
                RetryPolicy<String> policy = RetryPolicy.<String>builder().withMaxAttempts(3)
                        .withBackoff(Duration.ofMillis(50), Duration.ofSeconds(1)).build();
                yield () -> Failsafe.with(policy).with(scheduler).getStageAsync(call::get);
            }
            case FIREBREAK, FIREBREAK_BUDGET -> {
                GuardRegistry registry = GuardRegistry.builder().build();
                Guard guard = registry.guard("downstream").isolation(Isolation.virtualThreads(10_000))
                        .timeout(Duration.ofSeconds(2)).configure(c -> c.breaker(cb -> cb.enabled(false))).build();
                boolean budget = this == FIREBREAK_BUDGET;
                Retry retry = Retry.named("downstream").through(guard)
                        .configure(c -> c.maxAttempts(3).budgetEnabled(budget).throttleEnabled(budget)).build();
                yield () -> retry.submitAsync(call);
            }
        };
        return new Caller(request, scheduler);
    }

    /**
     * A variant ready to call.
     *
     * @param request one request, started at once
     * @param scheduler the peers' retry scheduler, shut down on close
     */
    public record Caller(Supplier<CompletableFuture<?>> request, ScheduledExecutorService scheduler) implements AutoCloseable {
        @Override
        public void close() {
            scheduler.shutdownNow();
        }
    }
}
