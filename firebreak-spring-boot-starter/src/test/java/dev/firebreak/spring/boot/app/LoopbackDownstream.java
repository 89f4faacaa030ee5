package dev.firebreak.spring.boot.app;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * A real slow downstream on a loopback port chosen by the system: {@code /ok} answers at once,
 * {@code /fail} answers 500, {@code /slow} holds its answer until {@link #releaseSlow()} (at most 30 s).
 */
public final class LoopbackDownstream implements AutoCloseable {

    private final HttpServer server;
    private volatile CountDownLatch slow = new CountDownLatch(1);

    public LoopbackDownstream() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 50);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/ok", exchange -> answer(exchange, 200, "downstream ok"));
        server.createContext("/fail", exchange -> answer(exchange, 500, "downstream broken"));
        server.createContext("/slow", exchange -> {
            try {
                slow.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
            }
            answer(exchange, 200, "downstream slow");
        });
        server.start();
    }

    public URI uri(String path) {
        return URI.create("http://" + server.getAddress().getHostString() + ":" + server.getAddress().getPort() + path);
    }

    /** Lets every held and later {@code /slow} request answer. */
    public void releaseSlow() {
        slow.countDown();
    }

    private static void answer(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        slow.countDown();
        server.stop(0);
    }
}
