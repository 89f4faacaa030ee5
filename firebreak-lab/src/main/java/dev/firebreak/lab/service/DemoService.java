package dev.firebreak.lab.service;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The seed's web service on loopback: {@code GET /random/{howMany}} fetches that many integers through
 * an {@link IntegersBackend} and answers them as text, HTTP 200; any failure (timeout, rejection,
 * downstream error) answers HTTP 503 with the exception's description. Each request runs on its own
 * virtual thread, so the service itself never limits concurrency: what limits it is the backend.
 *
 * <p>Successful answers carry {@value #DOWNSTREAM_DELAY_HEADER}: the delay the downstream spent on the
 * call (single or batch) that served the request, so the load driver can compute added latency.
 */
public final class DemoService implements AutoCloseable {

    /** The response header with the downstream delay behind the answer, in microseconds. */
    public static final String DOWNSTREAM_DELAY_HEADER = "X-Downstream-Delay-Micros";

    private final IntegersBackend backend;
    private final ExecutorService handlers = Executors.newVirtualThreadPerTaskExecutor();
    private final HttpServer server;

    private DemoService(IntegersBackend backend) throws IOException {
        this.backend = backend;
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1024);
        server.setExecutor(handlers);
        server.createContext("/random/", this::handle);
        server.start();
    }

    /** Starts the service on 127.0.0.1 at a free port, over {@code backend}. */
    public static DemoService start(IntegersBackend backend) throws IOException {
        return new DemoService(backend);
    }

    /** The address asking for {@code howMany} integers, e.g. {@code http://127.0.0.1:41234/random/1}. */
    public URI randomUri(int howMany) {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/random/" + howMany);
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            int howMany;
            try {
                howMany = Integer.parseInt(exchange.getRequestURI().getPath().substring("/random/".length()));
            } catch (NumberFormatException e) {
                howMany = 0;
            }
            if (howMany < 1 || howMany > 1000) {
                respond(exchange, 400, "howMany must be an integer between 1 and 1000", -1);
                return;
            }
            RandomIntegers integers;
            try {
                integers = backend.fetch(howMany);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                respond(exchange, 503, "interrupted", -1);
                return;
            } catch (Exception | Error e) {
                respond(exchange, 503, describe(e), -1);
                return;
            }
            if (integers.size() != howMany) {
                respond(exchange, 500, "asked for " + howMany + " integers, got " + integers.size(), -1);
                return;
            }
            respond(exchange, 200, integers.toString(), integers.downstreamDelayNanos() / 1_000);
        }
    }

    private static String describe(Throwable failure) {
        StringBuilder text = new StringBuilder(failure.toString());
        for (Throwable cause = failure.getCause(); cause != null && text.length() < 400; cause = cause.getCause()) {
            text.append(" <- ").append(cause);
        }
        return text.toString();
    }

    private static void respond(HttpExchange exchange, int status, String body, long delayMicros) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
        if (delayMicros >= 0) {
            exchange.getResponseHeaders().set(DOWNSTREAM_DELAY_HEADER, Long.toString(delayMicros));
        }
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    /** Stops the server (the backend is the caller's to close). */
    @Override
    public void close() {
        server.stop(0);
        handlers.shutdownNow();
    }
}
