package dev.firebreak.spring.testing;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A real downstream on a loopback ephemeral port: {@code /ok} answers "ok", {@code /fail} answers 500,
 * {@code /lines} answers three lines, and {@code /hang} answers only when the test {@link #release()}s
 * it (or closes the server), so a timeout is certain without any sleeping.
 */
public final class SlowDownstream implements AutoCloseable {

    private final HttpServer server;
    private final CountDownLatch released = new CountDownLatch(1);
    private final AtomicInteger hanging = new AtomicInteger();

    /** Starts the server. */
    public SlowDownstream() {
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/ok", exchange -> answer(exchange, 200, "ok"));
        server.createContext("/fail", exchange -> answer(exchange, 500, "downstream failed"));
        server.createContext("/lines", exchange -> answer(exchange, 200, "a\nb\nc\n"));
        server.createContext("/hang", exchange -> {
            hanging.incrementAndGet();
            try {
                released.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                hanging.decrementAndGet();
            }
            answer(exchange, 200, "late");
        });
        server.start();
    }

    /** {@code http://127.0.0.1:port}. */
    public String baseUrl() {
        return "http://" + server.getAddress().getHostString() + ":" + server.getAddress().getPort();
    }

    /** Requests waiting in {@code /hang} right now. */
    public int hanging() {
        return hanging.get();
    }

    /** Lets every {@code /hang} request answer. */
    public void release() {
        released.countDown();
    }

    private static void answer(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "text/plain");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        release();
        server.stop(0);
    }
}
