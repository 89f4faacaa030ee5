package dev.firebreak.stream;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/** Small complete responses (errors, redirects, static files), each with the same safety headers. */
final class Responses {

    private Responses() {
    }

    /** Headers every response carries: no sniffing, no framing, no referrer. */
    static void safetyHeaders(Headers headers) {
        headers.set("X-Content-Type-Options", "nosniff");
        headers.set("X-Frame-Options", "DENY");
        headers.set("Referrer-Policy", "no-referrer");
    }

    /** A plain-text response with {@code status}, then closes the exchange. */
    static void text(HttpExchange exchange, int status, String body) throws IOException {
        text(exchange, status, body, true);
    }

    /** A plain-text response with {@code status}; closes the exchange if {@code close}, else only flushes. */
    static void text(HttpExchange exchange, int status, String body, boolean close) throws IOException {
        Headers headers = exchange.getResponseHeaders();
        safetyHeaders(headers);
        headers.set("Content-Type", "text/plain; charset=utf-8");
        headers.set("Cache-Control", "no-store");
        byte[] bytes = (body + "\n").getBytes(StandardCharsets.UTF_8);
        if (close) {
            send(exchange, status, bytes);
        } else {
            exchange.sendResponseHeaders(status, bytes.length);
            exchange.getResponseBody().write(bytes);
            exchange.getResponseBody().flush();
        }
    }

    /** Sends {@code body} with {@code status} (no body for HEAD), then closes the exchange. */
    static void send(HttpExchange exchange, int status, byte[] body) throws IOException {
        boolean head = "HEAD".equals(exchange.getRequestMethod());
        try (exchange) {
            exchange.sendResponseHeaders(status, head ? -1 : body.length);
            if (!head) {
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(body);
                }
            }
        }
    }
}
