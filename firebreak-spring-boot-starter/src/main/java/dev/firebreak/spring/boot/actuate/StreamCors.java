package dev.firebreak.spring.boot.actuate;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.Environment;
import org.springframework.web.cors.CorsConfiguration;

/**
 * Who may read the streams ({@code /actuator/hystrix.stream}, {@code /actuator/firebreak/events/stream},
 * {@code /turbine.stream}) from a page of another origin. {@code firebreak.stream.allowed-origins} names
 * them (exact origins such as {@code https://ops.example.com}, or {@code *} for any, never with
 * credentials); unset, Boot's CORS settings of the actuator's endpoints
 * ({@code management.endpoints.web.cors.*}) apply, since the streams live under its base path; with
 * neither, a stream is same-origin only (no CORS header is sent). A cross-origin request or preflight from
 * an origin not allowed is answered 403 by Spring's CORS processing.
 */
final class StreamCors {

    static final String ALLOWED_ORIGINS = "firebreak.stream.allowed-origins";
    private static final String MANAGEMENT = "management.endpoints.web.cors";

    private StreamCors() {
    }

    /** The streams' paths, as mapped on both stacks. */
    static List<String> paths(Environment environment) {
        String base = environment.getProperty("management.endpoints.web.base-path", "/actuator");
        return List.of(base + "/hystrix.stream", base + "/firebreak/events/stream", TurbineStreams.PATH);
    }

    /**
     * The streams' CORS configuration, or null for same-origin only.
     *
     * @throws IllegalArgumentException naming the key, the value and the rule, for an origin that is not
     *     one, or {@code *} with credentials
     */
    static CorsConfiguration of(Environment environment) {
        Binder binder = Binder.get(environment);
        List<String> origins = binder.bind(ALLOWED_ORIGINS, Bindable.listOf(String.class)).orElse(List.of());
        if (!origins.isEmpty()) {
            origins.forEach(StreamCors::checkOrigin);
            CorsConfiguration config = new CorsConfiguration();
            config.setAllowedOrigins(origins);
            config.setAllowedMethods(List.of("GET"));
            config.setAllowedHeaders(List.of("Last-Event-ID", "Cache-Control"));
            config.setAllowCredentials(false); // a stream carries no user's data: never credentials
            config.setMaxAge(Duration.ofMinutes(30));
            return config;
        }
        List<String> managementOrigins = binder.bind(MANAGEMENT + ".allowed-origins", Bindable.listOf(String.class))
                .orElse(List.of());
        List<String> patterns = binder.bind(MANAGEMENT + ".allowed-origin-patterns", Bindable.listOf(String.class))
                .orElse(List.of());
        if (managementOrigins.isEmpty() && patterns.isEmpty()) {
            return null;
        }
        CorsConfiguration config = new CorsConfiguration();
        config.setAllowedOrigins(managementOrigins);
        config.setAllowedOriginPatterns(patterns);
        // Boot's defaults for the actuator's endpoints: GET and POST, any header, no credentials, 30 minutes.
        config.setAllowedMethods(binder.bind(MANAGEMENT + ".allowed-methods", Bindable.listOf(String.class))
                .orElse(List.of("GET", "POST")));
        config.setAllowedHeaders(binder.bind(MANAGEMENT + ".allowed-headers", Bindable.listOf(String.class))
                .orElse(List.of("*")));
        config.setExposedHeaders(binder.bind(MANAGEMENT + ".exposed-headers", Bindable.listOf(String.class))
                .orElse(List.of()));
        boolean credentials = binder.bind(MANAGEMENT + ".allow-credentials", Boolean.class).orElse(false);
        if (credentials && managementOrigins.contains(CorsConfiguration.ALL)) {
            throw new IllegalArgumentException(MANAGEMENT + ".allowed-origins = " + managementOrigins
                    + ": must name the origins, not *, when " + MANAGEMENT + ".allow-credentials is true"
                    + " (use allowed-origin-patterns)");
        }
        config.setAllowCredentials(credentials);
        config.setMaxAge(binder.bind(MANAGEMENT + ".max-age", Duration.class).orElse(Duration.ofMinutes(30)));
        return config;
    }

    /** {@code *}, or scheme://host[:port] with nothing after it, as a browser's Origin header is. */
    private static void checkOrigin(String origin) {
        if (CorsConfiguration.ALL.equals(origin)) {
            return;
        }
        String rule = ": must be * or an origin, scheme://host[:port], with no path, such as https://ops.example.com";
        URI uri;
        try {
            uri = new URI(origin);
        } catch (java.net.URISyntaxException bad) {
            throw new IllegalArgumentException(ALLOWED_ORIGINS + " = " + origin + rule);
        }
        boolean bare = (uri.getRawPath() == null || uri.getRawPath().isEmpty()) && uri.getRawQuery() == null
                && uri.getRawFragment() == null && uri.getRawUserInfo() == null;
        if (!("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) || uri.getHost() == null || !bare) {
            throw new IllegalArgumentException(ALLOWED_ORIGINS + " = " + origin + rule);
        }
    }
}
