package dev.firebreak.spring.boot.app;

import dev.firebreak.GuardRegistry;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/** Calls the downstream under a guard of the application's registry, named after the path, with a fallback. */
public final class DownstreamClient {

    private final GuardRegistry registry;
    private final LoopbackDownstream downstream;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    public DownstreamClient(GuardRegistry registry, LoopbackDownstream downstream) {
        this.registry = registry;
        this.downstream = downstream;
        for (String name : new String[] {"ok", "fail", "slow"}) {
            registry.guard(name).build(); // THREAD isolation; configured from application.yml
        }
    }

    public CompletableFuture<String> call(String name) {
        return registry.find(name).orElseThrow().submit(() -> {
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(downstream.uri("/" + name)).build(),
                    HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new IllegalStateException("downstream answered " + response.statusCode());
            }
            return response.body();
        }, failure -> "fallback for " + name + " (" + failure.getClass().getSimpleName() + ")");
    }
}
