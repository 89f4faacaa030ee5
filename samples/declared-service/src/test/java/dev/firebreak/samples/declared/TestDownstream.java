package dev.firebreak.samples.declared;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A real HTTP downstream on a loopback ephemeral port, counting the requests of each route. Each route
 * fails its first {@link #failFirst} requests (500); the first price request waits until {@link #releasePrices}.
 */
final class TestDownstream implements AutoCloseable {

    private final HttpServer server;
    private final Map<String, AtomicInteger> calls = new ConcurrentHashMap<>();
    private final Map<String, Integer> failFirst = new ConcurrentHashMap<>();
    private final CountDownLatch pricesReleased = new CountDownLatch(1);

    private TestDownstream(HttpServer server) {
        this.server = server;
    }

    static TestDownstream start() throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        TestDownstream downstream = new TestDownstream(server);
        server.createContext("/", downstream::handle);
        server.start();
        return downstream;
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    int calls(String route) {
        return calls.computeIfAbsent(route, r -> new AtomicInteger()).get();
    }

    void failFirst(String route, int count) {
        failFirst.put(route, count);
    }

    void releasePrices() {
        pricesReleased.countDown();
    }

    private void handle(HttpExchange exchange) throws IOException {
        String[] parts = exchange.getRequestURI().getPath().split("/");
        String route = parts[1];
        String id = parts.length > 2 ? parts[2] : "";
        int n = calls.computeIfAbsent(route, r -> new AtomicInteger()).incrementAndGet();
        try {
            if (route.equals("prices") && n == 1 && !pricesReleased.await(30, TimeUnit.SECONDS)) {
                answer(exchange, 500, "never released");
                return;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (id.equals("missing")) {
            answer(exchange, 404, "no " + route + " " + id);
            return;
        }
        if (n <= failFirst.getOrDefault(route, 0)) {
            answer(exchange, 500, route + " down");
            return;
        }
        answer(exchange, 200, route + " " + id + " from attempt " + n);
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
        releasePrices();
        server.stop(0);
    }
}
