package dev.firebreak.samples.passthrough;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Seed 002's downstream on a loopback ephemeral port: {@code POST /messages} answers
 * {@code {"id":..., "received": payload, "ack":"OK"}} after the message's {@code delay} milliseconds; a
 * payload of {@code fail} answers 500. One instance serves every test class of the JVM.
 */
final class SlowMessages {

    private static final Pattern FIELD = Pattern.compile("\"(id|payload|delay)\"\\s*:\\s*\"?([^\",}]*)\"?");
    private static final SlowMessages SHARED = new SlowMessages();

    private final HttpServer server;

    private SlowMessages() {
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/messages", SlowMessages::answer);
        server.start();
    }

    static SlowMessages shared() {
        return SHARED;
    }

    String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    private static void answer(HttpExchange exchange) throws IOException {
        String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        String id = "";
        String payload = "";
        long delay = 0;
        Matcher fields = FIELD.matcher(body);
        while (fields.find()) {
            switch (fields.group(1)) {
                case "id" -> id = fields.group(2);
                case "payload" -> payload = fields.group(2);
                default -> delay = Long.parseLong(fields.group(2).trim());
            }
        }
        if (delay > 0) {
            try {
                Thread.sleep(delay); // the downstream's own slowness, which the service under test must bound
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        boolean fail = payload.equals("fail");
        byte[] bytes = (fail ? "{\"error\":\"downstream failed\"}"
                : "{\"id\":\"" + id + "\",\"received\":\"" + payload + "\",\"ack\":\"OK\"}").getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(fail ? 500 : 200, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        } catch (IOException gone) {
            // the service walked away at its deadline
        }
    }
}
