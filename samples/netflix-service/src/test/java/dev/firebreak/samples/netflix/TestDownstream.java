package dev.firebreak.samples.netflix;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;

/**
 * A real HTTP downstream on a loopback ephemeral port, counting what it is asked. Users whose id starts
 * with {@code fail} answer 500, {@code missing} 404; reports wait until released; inventory always fails.
 */
final class TestDownstream {

    static final TestDownstream INSTANCE = start();

    private final HttpServer server;
    final Map<String, AtomicInteger> calls = new ConcurrentHashMap<>();
    final Map<String, String> titles = new ConcurrentHashMap<>();
    final AtomicInteger reportsWaiting = new AtomicInteger();
    final AtomicReference<CountDownLatch> reportsRelease = new AtomicReference<>(new CountDownLatch(1));

    private TestDownstream(HttpServer server) {
        this.server = server;
    }

    private static TestDownstream start() {
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
            TestDownstream downstream = new TestDownstream(server);
            server.createContext("/", downstream::handle);
            server.start();
            return downstream;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    int calls(String kind) {
        return calls.computeIfAbsent(kind, k -> new AtomicInteger()).get();
    }

    private void handle(HttpExchange exchange) throws IOException {
        String path = exchange.getRequestURI().getPath();
        String query = exchange.getRequestURI().getQuery();
        String[] parts = path.substring(1).split("/");
        String kind = parts[0].equals("replica") ? "replica" : parts[0];
        calls.computeIfAbsent(kind, k -> new AtomicInteger()).incrementAndGet();
        try {
            switch (kind) {
                case "users" -> {
                    String id = parts[1];
                    if (id.startsWith("fail")) {
                        reply(exchange, 500, "down");
                    } else if (id.startsWith("missing")) {
                        reply(exchange, 404, "no such user");
                    } else {
                        reply(exchange, 200, parts.length > 2 ? "nick-" + id : "name-" + id);
                    }
                }
                case "replica" -> reply(exchange, parts[2].startsWith("fail-all") ? 500 : 200,
                        parts[2].startsWith("fail-all") ? "down" : "replica-" + parts[2]);
                case "reports" -> {
                    reportsWaiting.incrementAndGet();
                    try {
                        reportsRelease.get().await();
                    } finally {
                        reportsWaiting.decrementAndGet();
                    }
                    reply(exchange, 200, "report-" + parts[1]);
                }
                case "products", "prices" -> {
                    String ids = query.substring("ids=".length());
                    reply(exchange, 200, Arrays.stream(ids.split(",")).map(id -> kind.substring(0, kind.length() - 1) + "-" + id)
                            .collect(Collectors.joining(",")));
                }
                case "items" -> {
                    String id = parts[1];
                    if (parts.length > 2) {
                        titles.put(id, query.substring("title=".length()));
                        reply(exchange, 200, "saved");
                    } else {
                        reply(exchange, 200, titles.getOrDefault(id, "title-" + id));
                    }
                }
                default -> reply(exchange, 500, "failing");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            reply(exchange, 500, "interrupted");
        }
    }

    private static void reply(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }
}
