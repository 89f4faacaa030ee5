package dev.firebreak.spring.boot;

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

/** Real HTTP calls to an application started on a random port. */
final class Http {

    private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    private final int port;

    Http(int port) {
        this.port = port;
    }

    HttpResponse<String> get(String path) throws Exception {
        return CLIENT.send(HttpRequest.newBuilder(uri(path)).timeout(Duration.ofSeconds(30)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    HttpResponse<String> postJson(String path, String json) throws Exception {
        return CLIENT.send(HttpRequest.newBuilder(uri(path)).timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(json)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    String body(String path) throws Exception {
        HttpResponse<String> response = get(path);
        if (response.statusCode() != 200) {
            throw new AssertionError(path + " answered " + response.statusCode() + ": " + response.body());
        }
        return response.body();
    }

    Map<String, Object> json(String path) throws Exception {
        return JsonParserFactory.getJsonParser().parseMap(body(path));
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> map(Object value, String... path) {
        Object current = value;
        for (String key : path) {
            current = ((Map<String, Object>) current).get(key);
        }
        return (Map<String, Object>) current;
    }

    /**
     * Opens {@code path} as an event stream and reads lines until one matches {@code wanted} (bounded by a
     * 30 s safety net, never a timing assertion); returns the content type and that line, then disconnects.
     */
    String[] readStreamUntil(String path, Predicate<String> wanted) throws Exception {
        HttpResponse<InputStream> response = CLIENT.send(HttpRequest.newBuilder(uri(path)).build(),
                HttpResponse.BodyHandlers.ofInputStream());
        try (InputStream body = response.body()) {
            if (response.statusCode() != 200) {
                throw new AssertionError(path + " answered " + response.statusCode());
            }
            CompletableFuture<String> found = CompletableFuture.supplyAsync(() -> {
                try {
                    BufferedReader reader = new BufferedReader(new InputStreamReader(body, StandardCharsets.UTF_8));
                    for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                        if (wanted.test(line)) {
                            return line;
                        }
                    }
                    throw new AssertionError("the stream ended without the line wanted");
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            String line = found.get(30, TimeUnit.SECONDS);
            return new String[] {response.headers().firstValue("Content-Type").orElse(""), line};
        }
    }

    /** The status of a GET of {@code path}, read as soon as the head arrives; the body is not read. */
    int statusOf(String path) throws Exception {
        HttpResponse<InputStream> response = CLIENT.send(HttpRequest.newBuilder(uri(path)).timeout(Duration.ofSeconds(30)).build(),
                HttpResponse.BodyHandlers.ofInputStream());
        response.body().close();
        return response.statusCode();
    }

    /** Opens {@code path} as a stream and keeps it open until the returned body is closed. */
    InputStream open(String path) throws Exception {
        HttpResponse<InputStream> response = CLIENT.send(HttpRequest.newBuilder(uri(path)).build(),
                HttpResponse.BodyHandlers.ofInputStream());
        if (response.statusCode() != 200) {
            response.body().close();
            throw new AssertionError(path + " answered " + response.statusCode());
        }
        return response.body();
    }

    private URI uri(String path) {
        return URI.create("http://localhost:" + port + path);
    }
}
