package dev.firebreak.stream;

import com.sun.net.httpserver.Headers;
import java.util.Set;

/**
 * Cross-origin reads of the stream, for dashboards served from another instance. Off by default:
 * the response names an origin only if the request's {@code Origin} is exactly one of the allowed
 * origins, or {@code *} is allowed (then any origin, without credentials).
 */
final class Cors {

    private Cors() {
    }

    static void allow(Headers request, Headers response, Set<String> allowedOrigins) {
        if (allowedOrigins.isEmpty()) {
            return;
        }
        response.add("Vary", "Origin");
        if (allowedOrigins.contains("*")) {
            response.set("Access-Control-Allow-Origin", "*");
            return;
        }
        String origin = request.getFirst("Origin");
        if (origin != null && allowedOrigins.contains(origin)) {
            response.set("Access-Control-Allow-Origin", origin);
        }
    }
}
