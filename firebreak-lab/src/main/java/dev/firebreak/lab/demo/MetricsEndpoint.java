package dev.firebreak.lab.demo;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.firebreak.GuardRegistry;
import dev.firebreak.micrometer.FirebreakMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A Prometheus scrape endpoint for one demo instance: {@code GET /metrics} on 127.0.0.1 serves the
 * registry's meters ({@link FirebreakMetrics} bound to a {@link PrometheusMeterRegistry}) in
 * Prometheus's text format, every series tagged {@code application="firebreak-demo"}. Anything else
 * is 404 (another path) or 405 (another method).
 */
final class MetricsEndpoint implements AutoCloseable {

    /** The {@code application} tag of every series (Prometheus adds {@code job} and {@code instance}). */
    static final String APPLICATION = "firebreak-demo";
    static final String PATH = "/metrics";
    private static final String TEXT_FORMAT = "text/plain; version=0.0.4; charset=utf-8";

    private final PrometheusMeterRegistry meters = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final FirebreakMetrics binder;
    private final HttpServer http;
    private final ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor();

    /**
     * Binds the meters of {@code registry} and serves them on 127.0.0.1:{@code port} (0: any free port).
     *
     * @throws UncheckedIOException if the port cannot be bound
     */
    MetricsEndpoint(GuardRegistry registry, int port) {
        meters.config().commonTags("application", APPLICATION);
        binder = new FirebreakMetrics(registry);
        binder.bindTo(meters);
        try {
            http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 16);
        } catch (IOException e) {
            binder.close();
            throw new UncheckedIOException("demo metrics: cannot bind 127.0.0.1:" + port + ": " + e.getMessage(), e);
        }
        http.createContext("/", this::handle);
        http.setExecutor(threads);
        http.start();
    }

    /** {@code http://127.0.0.1:port/metrics}. */
    URI uri() {
        return URI.create("http://127.0.0.1:" + http.getAddress().getPort() + PATH);
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            int status;
            String type = "text/plain; charset=utf-8";
            byte[] body;
            if (!exchange.getRequestURI().getPath().equals(PATH)) {
                status = 404;
                body = ("not found: the meters are at " + PATH + "\n").getBytes(StandardCharsets.UTF_8);
            } else if (!exchange.getRequestMethod().equals("GET") && !exchange.getRequestMethod().equals("HEAD")) {
                status = 405;
                exchange.getResponseHeaders().set("Allow", "GET, HEAD");
                body = "GET or HEAD only\n".getBytes(StandardCharsets.UTF_8);
            } else {
                status = 200;
                type = TEXT_FORMAT;
                body = meters.scrape().getBytes(StandardCharsets.UTF_8);
            }
            exchange.getResponseHeaders().set("Content-Type", type);
            boolean head = exchange.getRequestMethod().equals("HEAD");
            exchange.sendResponseHeaders(status, head ? -1 : body.length);
            if (!head) {
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(body);
                }
            }
        }
    }

    /** Stops serving and removes the meters. */
    @Override
    public void close() {
        http.stop(0);
        threads.shutdownNow();
        binder.close();
        meters.close();
    }
}
