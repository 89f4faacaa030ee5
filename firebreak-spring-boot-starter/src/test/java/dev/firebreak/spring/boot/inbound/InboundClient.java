package dev.firebreak.spring.boot.inbound;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/** Real HTTP to services started on 127.0.0.1 at free ports, each request bounded in time. */
final class InboundClient {

    private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    private InboundClient() {
    }

    /** Starts {@code app} (servlet or reactive) on a free loopback port with {@code properties}. */
    static ConfigurableApplicationContext start(Class<?> app, String type, String... properties) {
        List<String> all = new ArrayList<>(List.of("server.address=127.0.0.1", "server.port=0",
                "spring.main.web-application-type=" + type, "spring.main.banner-mode=off",
                "spring.cloud.compatibility-verifier.enabled=false", "firebreak.config.poll-interval=0",
                "spring.autoconfigure.exclude=org.springframework.boot.micrometer.tracing.brave.autoconfigure.BraveAutoConfiguration,"
                        + "org.springframework.boot.micrometer.tracing.brave.autoconfigure.zipkin.ZipkinWithBraveTracingAutoConfiguration,"
                        + "org.springframework.boot.zipkin.autoconfigure.ZipkinAutoConfiguration"));
        all.addAll(List.of(properties));
        return new SpringApplicationBuilder(app).properties(all.toArray(String[]::new)).run();
    }

    static int port(ConfigurableApplicationContext context) {
        return ((WebServerApplicationContext) context).getWebServer().getPort();
    }

    static String base(ConfigurableApplicationContext context) {
        return "http://127.0.0.1:" + port(context);
    }

    static HttpResponse<String> get(ConfigurableApplicationContext context, String path, String... headers) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base(context) + path)).timeout(Duration.ofSeconds(30));
        if (headers.length > 0) {
            request.headers(headers);
        }
        return CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    static java.util.concurrent.CompletableFuture<HttpResponse<String>> getAsync(ConfigurableApplicationContext context,
            String path) {
        return CLIENT.sendAsync(HttpRequest.newBuilder(URI.create(base(context) + path)).timeout(Duration.ofSeconds(30))
                .build(), HttpResponse.BodyHandlers.ofString());
    }
}
