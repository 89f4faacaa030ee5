package dev.firebreak.spring.boot.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.stream.StreamFeed;
import dev.firebreak.stream.StreamServer;
import dev.firebreak.testkit.ManualClock;
import dev.firebreak.time.Scheduler;
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.springframework.boot.json.JsonParserFactory;

/**
 * One instance: its guard "orders" with {@code calls} successes on a frozen ticker (the counts stay in
 * their rolling window), its stream ticking every 100 ms on the system scheduler.
 */
record StreamInstance(GuardRegistry registry, StreamServer server) {
    static StreamInstance start(int calls) {
        GuardRegistry registry = GuardRegistry.builder().ticker(new ManualClock()).scheduler(Scheduler.system()).build();
        Guard orders = registry.guard("orders").isolation(Isolation.semaphore(10)).build();
        for (int i = 0; i < calls; i++) {
            orders.execute(() -> "ok");
        }
        return new StreamInstance(registry, StreamServer.builder(registry).port(0).interval(Duration.ofMillis(100)).build().start());
    }

    String base() {
        return "http://127.0.0.1:" + server.port();
    }

    /** The instance's own figure {@code key} of guard "orders", from the frames it sends. */
    long own(String key) {
        for (String line : new String(StreamFeed.frames(registry, 0), StandardCharsets.UTF_8).split("\n")) {
            if (line.startsWith("data: ")) {
                Map<String, Object> event = JsonParserFactory.getJsonParser().parseMap(line.substring(6));
                if ("orders".equals(event.get("name")) && "HystrixCommand".equals(event.get("type"))) {
                    return ((Number) event.get(key)).longValue();
                }
            }
        }
        throw new AssertionError("no frame for guard orders");
    }

    private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    /**
     * Reads {@code /turbine.stream} until the merged event of guard "orders" satisfies {@code wanted}
     * (bounded by a 30 s safety net, never a timing assertion), then disconnects.
     */
    static Map<String, Object> mergedOrders(int port, Predicate<Map<String, Object>> wanted) throws Exception {
        HttpResponse<InputStream> response = CLIENT.send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + port + "/turbine.stream?delay=100")).build(),
                HttpResponse.BodyHandlers.ofInputStream());
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("text/event-stream"));
        try (InputStream body = response.body()) {
            CompletableFuture<Map<String, Object>> found = CompletableFuture.supplyAsync(() -> {
                try {
                    BufferedReader reader = new BufferedReader(new InputStreamReader(body, StandardCharsets.UTF_8));
                    for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                        if (line.startsWith("data: ")) {
                            Map<String, Object> event = JsonParserFactory.getJsonParser().parseMap(line.substring(6));
                            if ("orders".equals(event.get("name")) && "HystrixCommand".equals(event.get("type"))
                                    && wanted.test(event)) {
                                return event;
                            }
                        }
                    }
                    throw new AssertionError("the merged stream ended");
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            return found.get(30, TimeUnit.SECONDS);
        }
    }
}
