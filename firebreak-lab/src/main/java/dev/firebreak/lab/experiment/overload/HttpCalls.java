package dev.firebreak.lab.experiment.overload;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/**
 * The one HTTP call every variant makes: {@code GET /work} over a client of its own (HTTP/1.1, the
 * same timeout for every variant), answering the status or failing with the transport's exception.
 */
final class HttpCalls implements AutoCloseable {

    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private final HttpRequest request;

    HttpCalls(URI uri, Duration timeout) {
        this.request = HttpRequest.newBuilder(uri).timeout(timeout).GET().build();
    }

    /** The call without blocking; completes exceptionally unless the answer is 200. */
    CompletableFuture<Integer> sendAsync() {
        return client.sendAsync(request, HttpResponse.BodyHandlers.discarding()).thenApply(response -> {
            if (response.statusCode() != 200) {
                throw new CompletionException(new IOException("HTTP " + response.statusCode()));
            }
            return response.statusCode();
        });
    }

    /** The call, blocking the calling thread (a Hystrix pool thread). */
    int send() throws IOException, InterruptedException {
        int status = client.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
        if (status != 200) {
            throw new IOException("HTTP " + status);
        }
        return status;
    }

    /** The cause under a future's wrappers. */
    static Throwable unwrap(Throwable failure) {
        Throwable cause = failure;
        while ((cause instanceof CompletionException || cause instanceof ExecutionException) && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause;
    }

    @Override
    public void close() {
        client.close();
    }
}
