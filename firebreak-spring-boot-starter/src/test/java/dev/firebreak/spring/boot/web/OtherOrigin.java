package dev.firebreak.spring.boot.web;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;

/**
 * A page on another origin (a JDK HTTP server on a port of its own, on loopback) whose script opens
 * EventSources to the application's streams: {@code watch(name, url)} records in {@code results[name]}
 * whether the stream opened, delivered a message, or failed.
 */
final class OtherOrigin implements AutoCloseable {

    static final String PAGE = """
            <!DOCTYPE html>
            <html><head><meta charset="utf-8"><title>other origin</title></head><body>
            <script>
              window.results = {};
              window.watch = function (name, url) {
                var r = window.results[name] = { open: false, message: false, error: false };
                var source = new EventSource(url);
                source.onopen = function () { r.open = true; };
                source.onmessage = function () { r.message = true; source.close(); };
                source.onerror = function () { r.error = true; if (!r.open) { source.close(); } };
              };
            </script>
            </body></html>
            """;

    private final HttpServer server;

    OtherOrigin() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        byte[] page = PAGE.getBytes(StandardCharsets.UTF_8);
        server.createContext("/", exchange -> {
            exchange.getResponseHeaders().set("Content-Type", "text/html; charset=utf-8");
            exchange.sendResponseHeaders(200, page.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(page);
            }
        });
        server.start();
    }

    /** {@code http://127.0.0.1:port}, as the browser sends it in Origin. */
    String origin() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
