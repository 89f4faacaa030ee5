package dev.firebreak.lab.experiment.overload;

import dev.firebreak.context.Criticality;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/**
 * The one HTTP call every variant makes: {@code GET /work} over a client of its own (HTTP/1.1, the
 * same timeout for every variant), answering the status or failing with the transport's exception.
 * The shed experiment's calls carry their criticality in the {@link Criticality#HEADER} header.
 */
public final class HttpCalls implements AutoCloseable {

    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private final HttpRequest request;
    private final Map<Criticality, HttpRequest> byLevel = new EnumMap<>(Criticality.class);

    /**
     * @param uri the downstream's {@code GET /work}
     * @param timeout the client's timeout for the whole exchange
     */
    public HttpCalls(URI uri, Duration timeout) {
        this.request = HttpRequest.newBuilder(uri).timeout(timeout).GET().build();
        for (Criticality level : Criticality.values()) {
            byLevel.put(level, HttpRequest.newBuilder(uri).timeout(timeout).header(Criticality.HEADER, level.name()).GET().build());
        }
    }

    /** The call without blocking; completes exceptionally unless the answer is 200. */
    public CompletableFuture<Integer> sendAsync() {
        return send(request);
    }

    /** The call at {@code level} (its name in the {@link Criticality#HEADER} header) without blocking. */
    public CompletableFuture<Integer> sendAsync(Criticality level) {
        return send(byLevel.get(level));
    }

    private CompletableFuture<Integer> send(HttpRequest request) {
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
    public static Throwable unwrap(Throwable failure) {
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
