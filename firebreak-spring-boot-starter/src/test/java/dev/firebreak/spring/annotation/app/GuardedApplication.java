package dev.firebreak.spring.annotation.app;

import dev.firebreak.spring.annotation.Guarded;

import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.stereotype.Service;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** A servlet application whose service calls a slow downstream through {@code @Guarded} methods of each kind. */
@SpringBootApplication
public class GuardedApplication {

    /**
     * The application's registry, with the guards' settings made in code (small timeouts) before the
     * annotated methods look them up; {@code @Guarded} uses the registry bean whatever made it.
     */
    @Bean(destroyMethod = "close")
    GuardRegistry guardRegistry() {
        GuardRegistry registry = GuardRegistry.builder().build();
        // Wide enough for a first WebClient call on a loaded machine; /hang never answers in time.
        for (String name : new String[] {"sync", "stage", "mono", "flux"}) {
            registry.guard(name).isolation(Isolation.virtualThreads(20)).timeout(Duration.ofSeconds(5)).build();
        }
        return registry;
    }

    /** The guarded client of the downstream. */
    @Service
    static class DownstreamClient {
        private final HttpClient http = HttpClient.newHttpClient();
        private final String base;
        private final WebClient web;

        DownstreamClient(@Value("${downstream.url}") String base) {
            this.base = base;
            this.web = WebClient.create(base);
        }

        @Guarded(name = "sync", fallbackMethod = "syncFallback")
        public String sync(String path) throws Exception {
            HttpResponse<String> response = http.send(request(path), HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new IllegalStateException("status " + response.statusCode());
            }
            return response.body();
        }

        String syncFallback(String path, Throwable cause) {
            return "sync fallback: " + cause.getClass().getSimpleName() + " " + cause.getMessage();
        }

        @Guarded(name = "sync")
        public String syncWithoutFallback(String path) throws Exception {
            return sync(path);
        }

        @Guarded(name = "stage", fallbackMethod = "stageFallback")
        public CompletableFuture<String> stage(String path) {
            return http.sendAsync(request(path), HttpResponse.BodyHandlers.ofString()).thenApply(response -> {
                if (response.statusCode() != 200) {
                    throw new IllegalStateException("status " + response.statusCode());
                }
                return response.body();
            });
        }

        private CompletableFuture<String> stageFallback(String path) {
            return CompletableFuture.completedFuture("stage fallback for " + path);
        }

        @Guarded(name = "mono", fallbackMethod = "monoFallback")
        public Mono<String> mono(String path) {
            return web.get().uri("/" + path).retrieve().bodyToMono(String.class);
        }

        Mono<String> monoFallback(String path, Throwable cause) {
            return Mono.just("mono fallback: " + cause.getClass().getSimpleName());
        }

        @Guarded(name = "flux", fallbackMethod = "fluxFallback")
        public Flux<String> flux(String path) {
            return web.get().uri("/" + path).retrieve().bodyToFlux(String.class);
        }

        Flux<String> fluxFallback(String path, Throwable cause) {
            return Flux.just("flux", "fallback", cause.getClass().getSimpleName());
        }

        private HttpRequest request(String path) {
            return HttpRequest.newBuilder(URI.create(base + "/" + path)).build();
        }
    }

    /** The HTTP face of the client, so the tests call the application over real HTTP. */
    @RestController
    static class GuardedController {
        private final DownstreamClient client;

        GuardedController(DownstreamClient client) {
            this.client = client;
        }

        @GetMapping("/sync")
        String sync(@RequestParam("path") String path) throws Exception {
            return client.sync(path);
        }

        @GetMapping("/sync-bare")
        String syncBare(@RequestParam("path") String path) {
            try {
                return client.syncWithoutFallback(path);
            } catch (Exception e) {
                return "caught " + e.getClass().getSimpleName() + " caused by " + e.getCause().getMessage();
            }
        }

        @GetMapping("/stage")
        CompletableFuture<String> stage(@RequestParam("path") String path) {
            return client.stage(path);
        }

        @GetMapping("/mono")
        String mono(@RequestParam("path") String path) {
            return client.mono(path).block(Duration.ofSeconds(10));
        }

        @GetMapping("/flux")
        String flux(@RequestParam("path") String path) {
            return String.join(",", client.flux(path).collectList().block(Duration.ofSeconds(10)));
        }
    }
}
