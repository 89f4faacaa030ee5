package dev.firebreak.stream;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import java.io.IOException;

/**
 * The server's only handler: checks what every request carries before anything reads it (method,
 * protocol, exact path, no body), then hands it to the stream, the dashboard or, when they are on, the
 * breaker operations (the only path that takes POST). Unknown paths are 404, other
 * methods 405, requests with a body 400, other protocol versions 505; the server itself never fails on a request.
 */
final class Router implements HttpHandler {

    static final String STREAM_PATH = "/hystrix.stream";
    private static final String DASHBOARD_ROOT = "/firebreak";

    private final String streamPath;
    private final StreamHandler stream;
    private final DashboardAssets dashboard;
    private final BreakerOperationsHandler operations; // null: off, its path is not found

    Router(StreamHandler stream, DashboardAssets dashboard) {
        this(STREAM_PATH, stream, dashboard, null);
    }

    /** A router that serves the stream at {@code streamPath} ({@code /turbine.stream} for an aggregate). */
    Router(String streamPath, StreamHandler stream, DashboardAssets dashboard) {
        this(streamPath, stream, dashboard, null);
    }

    /** As above, with the breaker operations when {@code operations} is not null. */
    Router(String streamPath, StreamHandler stream, DashboardAssets dashboard, BreakerOperationsHandler operations) {
        this.streamPath = streamPath;
        this.stream = stream;
        this.dashboard = dashboard;
        this.operations = operations;
    }

    @Override
    public void handle(HttpExchange exchange) throws IOException {
        try {
            route(exchange);
        } catch (BadRequest refused) {
            Responses.text(exchange, refused.status(), refused.getMessage());
        } catch (RuntimeException unexpected) {
            Responses.text(exchange, 500, "internal error");
        }
    }

    private void route(HttpExchange exchange) throws IOException, BadRequest {
        String protocol = exchange.getProtocol();
        if (!"HTTP/1.1".equals(protocol) && !"HTTP/1.0".equals(protocol)) {
            throw new BadRequest(505, "HTTP/1.1 or HTTP/1.0 only");
        }
        String method = exchange.getRequestMethod();
        String path = exchange.getRequestURI().getRawPath();
        if (path == null) {
            throw new BadRequest(400, "malformed request target");
        }
        if (operations != null && path.equals(BreakerOperationsHandler.PATH)) {
            if (!method.equals("POST")) {
                exchange.getResponseHeaders().set("Allow", "POST");
                throw new BadRequest(405, "method not allowed");
            }
            if (hasBody(exchange)) {
                throw new BadRequest(400, "a request body is not accepted");
            }
            operations.serve(exchange);
            return;
        }
        boolean isStream = path.equals(streamPath);
        boolean isDashboard = dashboard != null && (path.equals(DASHBOARD_ROOT) || dashboard.has(path));
        if (!isStream && !isDashboard) {
            throw new BadRequest(404, "not found");
        }
        boolean allowed = method.equals("GET") || (isDashboard && method.equals("HEAD"));
        if (!allowed) {
            exchange.getResponseHeaders().set("Allow", isStream ? "GET" : "GET, HEAD");
            throw new BadRequest(405, "method not allowed");
        }
        if (hasBody(exchange)) {
            throw new BadRequest(400, "a request body is not accepted");
        }
        if (isStream) {
            stream.serve(exchange);
        } else if (path.equals(DASHBOARD_ROOT)) {
            exchange.getResponseHeaders().set("Location", DashboardAssets.PREFIX);
            Responses.text(exchange, 301, "moved to " + DashboardAssets.PREFIX);
        } else {
            dashboard.serve(exchange, path);
        }
    }

    private static boolean hasBody(HttpExchange exchange) {
        String length = exchange.getRequestHeaders().getFirst("Content-Length");
        return exchange.getRequestHeaders().containsKey("Transfer-Encoding")
                || (length != null && !length.trim().equals("0"));
    }
}
