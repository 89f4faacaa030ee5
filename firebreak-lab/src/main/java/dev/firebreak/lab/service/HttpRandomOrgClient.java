package dev.firebreak.lab.service;

import dev.firebreak.lab.downstream.DownstreamSimulator;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * {@link RandomOrgClient} over HTTP with the JDK's client: {@code GET <base>/integers?n=N}, blocking on
 * the caller's thread (a pool thread under Hystrix, a virtual thread under Firebreak), as the seed's
 * client did.
 */
public final class HttpRandomOrgClient implements RandomOrgClient, AutoCloseable {

    private final URI base;
    private final Duration requestTimeout;
    private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
    private final HttpClient http;

    /**
     * A client of the downstream at {@code base}.
     *
     * @param requestTimeout the HTTP client's own bound on one call (a safety net well above the
     *     libraries' timeouts, so every call ends)
     */
    public HttpRandomOrgClient(URI base, Duration requestTimeout) {
        this.base = base;
        this.requestTimeout = requestTimeout;
        this.http = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .executor(executor)
                .connectTimeout(Duration.ofSeconds(2))
                .build();
    }

    @Override
    public RandomIntegers generateIntegers(int howMany) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(base.resolve("/integers?n=" + howMany))
                .timeout(requestTimeout).GET().build();
        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new DownstreamException(response.statusCode(), response.body());
        }
        long delayNanos = response.headers().firstValueAsLong(DownstreamSimulator.DELAY_HEADER).orElse(0) * 1_000;
        return new RandomIntegers(parse(response.body(), howMany), delayNanos);
    }

    private static int[] parse(String body, int expected) throws DownstreamException {
        String[] parts = body.isEmpty() ? new String[0] : body.split(",");
        if (parts.length != expected) {
            throw new DownstreamException(200, "asked for " + expected + " integers, got " + parts.length);
        }
        int[] values = new int[parts.length];
        for (int i = 0; i < parts.length; i++) {
            values[i] = Integer.parseInt(parts[i]);
        }
        return values;
    }

    /** Closes the HTTP client and its executor. */
    @Override
    public void close() {
        http.shutdownNow();
        executor.shutdownNow();
    }
}
