package dev.firebreak.stream;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Optional;

/**
 * The dashboard's files, read once from the jar: {@code /firebreak/} is the page, and a fixed list of
 * names its script, aggregation module and style. Nothing else under {@code /firebreak/} exists, so no
 * path can reach another resource. Every file is sent with a Content-Security-Policy that allows only
 * the page's own scripts and styles, and connections (EventSource) to http(s) streams.
 *
 * <p>Another server (the Spring Boot starter's) serves the same files with {@link #file(String)} under
 * a directory of its own: the page reads its own stream at {@code ../hystrix.stream}, relative to it.
 */
public final class DashboardAssets {

    static final String PREFIX = "/firebreak/";
    private static final String BASE = "/dev/firebreak/stream/dashboard/";

    /** The Content-Security-Policy every file is sent with. */
    public static final String CONTENT_SECURITY_POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; "
            + "img-src 'self' data:; connect-src 'self' http: https:; base-uri 'none'; form-action 'self'; "
            + "frame-ancestors 'none'";

    /**
     * One file of the dashboard.
     *
     * @param body its bytes (do not modify)
     * @param contentType its Content-Type, with its charset
     */
    public record Asset(byte[] body, String contentType) {
    }

    private final Map<String, Asset> assets;

    /** The files, read from this module's resources; fails if one is missing from the jar. */
    public DashboardAssets() {
        assets = Map.of(
                "", load("index.html", "text/html; charset=utf-8"),
                "dashboard.js", load("dashboard.js", "text/javascript; charset=utf-8"),
                "aggregate.js", load("aggregate.js", "text/javascript; charset=utf-8"),
                "dashboard.css", load("dashboard.css", "text/css; charset=utf-8"));
    }

    /**
     * The file {@code name} names within the dashboard's directory: {@code ""} (the page),
     * {@code dashboard.js}, {@code aggregate.js} or {@code dashboard.css}; empty for any other name.
     */
    public Optional<Asset> file(String name) {
        return Optional.ofNullable(name == null ? null : assets.get(name));
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
        headers.set("Content-Security-Policy", CONTENT_SECURITY_POLICY);
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
