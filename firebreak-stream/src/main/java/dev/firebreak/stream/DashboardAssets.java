package dev.firebreak.stream;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;

/**
 * The dashboard's files, read once from the jar: {@code /firebreak/} is the page, and a fixed list of
 * names its script, aggregation module and style. Nothing else under {@code /firebreak/} exists, so no
 * path can reach another resource. Every file is sent with a Content-Security-Policy that allows only
 * the page's own scripts and styles, and connections (EventSource) to http(s) streams.
 */
final class DashboardAssets {

    static final String PREFIX = "/firebreak/";
    private static final String BASE = "/dev/firebreak/stream/dashboard/";
    private static final String CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
            + "connect-src 'self' http: https:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

    private record Asset(byte[] body, String contentType) {
    }

    private final Map<String, Asset> assets;

    DashboardAssets() {
        assets = Map.of(
                "", load("index.html", "text/html; charset=utf-8"),
                "dashboard.js", load("dashboard.js", "text/javascript; charset=utf-8"),
                "aggregate.js", load("aggregate.js", "text/javascript; charset=utf-8"),
                "dashboard.css", load("dashboard.css", "text/css; charset=utf-8"));
    }

    /** Whether {@code rawPath} (under {@link #PREFIX}) names one of the files. */
    boolean has(String rawPath) {
        return rawPath.startsWith(PREFIX) && assets.containsKey(rawPath.substring(PREFIX.length()));
    }

    /** Sends the file at {@code rawPath}, which {@link #has} accepted. */
    void serve(HttpExchange exchange, String rawPath) throws IOException {
        Asset asset = assets.get(rawPath.substring(PREFIX.length()));
        Headers headers = exchange.getResponseHeaders();
        Responses.safetyHeaders(headers);
        headers.set("Content-Type", asset.contentType());
        headers.set("Content-Security-Policy", CSP);
        headers.set("Cache-Control", "no-cache");
        Responses.send(exchange, 200, asset.body());
    }

    private static Asset load(String name, String contentType) {
        try (InputStream in = DashboardAssets.class.getResourceAsStream(BASE + name)) {
            if (in == null) {
                throw new IllegalStateException("dashboard resource missing from the jar: " + BASE + name);
            }
            return new Asset(in.readAllBytes(), contentType);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
