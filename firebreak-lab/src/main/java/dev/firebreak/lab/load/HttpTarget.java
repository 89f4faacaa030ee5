package dev.firebreak.lab.load;

import dev.firebreak.lab.service.DemoService;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A {@link Target} that sends {@code GET uri} with the JDK's asynchronous HTTP client: HTTP 200 is a
 * success (its {@value DemoService#DOWNSTREAM_DELAY_HEADER} header read as the downstream delay),
 * anything else or any exception a failure.
 */
public final class HttpTarget implements Target, AutoCloseable {

    private final HttpRequest request;
    private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
    private final HttpClient http;

    /** Requests {@code uri}, each bounded by {@code timeout}. */
    public HttpTarget(URI uri, Duration timeout) {
        this.request = HttpRequest.newBuilder(uri).timeout(timeout).GET().build();
        this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).executor(executor)
                .connectTimeout(Duration.ofSeconds(2)).build();
    }

    @Override
    public CompletableFuture<Reply> send() {
        try {
            return http.sendAsync(request, HttpResponse.BodyHandlers.ofString()).handle((response, failure) -> {
                if (failure != null) {
                    return Reply.failed(failure.toString());
                }
                if (response.statusCode() != 200) {
                    return Reply.failed("HTTP " + response.statusCode() + ": " + response.body());
                }
                long micros = response.headers().firstValueAsLong(DemoService.DOWNSTREAM_DELAY_HEADER).orElse(0);
                return Reply.success(micros * 1_000);
            });
        } catch (RuntimeException e) {
            return CompletableFuture.completedFuture(Reply.failed(e.toString()));
        }
    }

    /** Closes the client. */
    @Override
    public void close() {
        http.shutdownNow();
        executor.shutdownNow();
    }
}
