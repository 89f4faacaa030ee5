package dev.firebreak.lab.experiment.fanout;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The seed's client of the slow "clients" service, on the downstream simulator: fetching client
 * {@code id} is {@code GET /integers?n=1} (the integer stands for the client's purchases; the id
 * itself does not change the answer), a batch of k clients is {@code GET /integers?n=k}. Blocking
 * fetches pass through the {@link PlatformWaitGauge}; the non-blocking ones hold no thread.
 */
public final class FanoutClient implements AutoCloseable {

    private final URI base;
    private final Duration timeout;
    private final PlatformWaitGauge gauge;
    private final ExecutorService callbacks = Executors.newVirtualThreadPerTaskExecutor();
    private final HttpClient http;

    /** A client of the simulator at {@code base}; each request bounded by {@code timeout}. */
    public FanoutClient(URI base, Duration timeout, PlatformWaitGauge gauge) {
        this.base = base;
        this.timeout = timeout;
        this.gauge = gauge;
        this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).executor(callbacks)
                .connectTimeout(Duration.ofSeconds(2)).build();
    }

    /** Fetches one client, waiting on this thread (the seed's RestTemplate call). */
    public int fetchBlocking(int id) {
        try (PlatformWaitGauge.Waiting waiting = gauge.enter()) {
            HttpResponse<String> response = http.send(request(1), HttpResponse.BodyHandlers.ofString());
            return parse(response, 1)[0];
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted fetching client " + id, e);
        } catch (java.io.IOException e) {
            throw new IllegalStateException("fetching client " + id + " failed: " + e, e);
        }
    }

    /** Starts fetching one client; no thread waits for the answer. */
    public CompletableFuture<Integer> fetchAsync(int id) {
        return http.sendAsync(request(1), HttpResponse.BodyHandlers.ofString()).thenApply(r -> parse(r, 1)[0]);
    }

    /** Starts fetching {@code count} clients in one call. */
    public CompletableFuture<int[]> fetchBatchAsync(int count) {
        return http.sendAsync(request(count), HttpResponse.BodyHandlers.ofString()).thenApply(r -> parse(r, count));
    }

    private HttpRequest request(int count) {
        return HttpRequest.newBuilder(base.resolve("/integers?n=" + count)).timeout(timeout).GET().build();
    }

    private static int[] parse(HttpResponse<String> response, int expected) {
        if (response.statusCode() != 200) {
            throw new IllegalStateException("HTTP " + response.statusCode() + ": " + response.body());
        }
        String[] parts = response.body().isEmpty() ? new String[0] : response.body().split(",");
        if (parts.length != expected) {
            throw new IllegalStateException("asked for " + expected + " clients, got " + parts.length);
        }
        int[] values = new int[parts.length];
        for (int i = 0; i < parts.length; i++) {
            values[i] = Integer.parseInt(parts[i].trim());
        }
        return values;
    }

    @Override
    public void close() {
        http.shutdownNow();
        callbacks.shutdownNow();
    }
}
