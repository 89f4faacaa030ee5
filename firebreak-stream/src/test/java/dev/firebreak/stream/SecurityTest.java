package dev.firebreak.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.firebreak.GuardRegistry;
import dev.firebreak.config.InvalidConfigException;
import java.net.InetAddress;
import java.net.URI;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Loopback by default, the bearer token, and cross-origin reads. */
class SecurityTest {

    private static final String TOKEN = "s3cret-token-0123456789";

    @Test
    void bindsToLoopbackByDefault() {
        try (StreamFixture fixture = new StreamFixture()) {
            assertThat(fixture.server.streamUri().getHost()).isEqualTo("127.0.0.1");
            assertThat(fixture.server.dashboardUri().toString()).endsWith("/firebreak/");
        }
    }

    @Test
    void refusesANonLoopbackAddressWithoutAToken() throws Exception {
        StreamServerBuilder builder = StreamServer.builder(GuardRegistry.builder().build())
                .bindAddress(InetAddress.getByName("0.0.0.0")).port(0);
        assertThatThrownBy(builder::build)
                .isInstanceOf(InvalidConfigException.class)
                .hasMessageContaining("stream.bindAddress = 0.0.0.0")
                .hasMessageContaining("bearer token");
    }

    @Test
    void aNonLoopbackAddressWithATokenIsAccepted() throws Exception {
        StreamServer server = StreamServer.builder(GuardRegistry.builder().build())
                .bindAddress(InetAddress.getByName("0.0.0.0")).port(0).token(TOKEN).build();
        assertThat(server).isNotNull(); // built, not started: nothing is exposed by this test
    }

    @Test
    void weakTokensAreRefusedWithoutEchoingThem() {
        StreamServerBuilder builder = StreamServer.builder(GuardRegistry.builder().build());
        assertThatThrownBy(() -> builder.token("short"))
                .isInstanceOf(InvalidConfigException.class)
                .hasMessageContaining("at least 16")
                .hasMessageNotContaining("short");
        assertThatThrownBy(() -> builder.token("has spaces in it, sixteen+"))
                .isInstanceOf(InvalidConfigException.class)
                .hasMessageNotContaining("has spaces");
    }

    @Test
    void theStreamRequiresTheTokenInTheHeaderOrTheQuery() throws Exception {
        try (StreamFixture fixture = new StreamFixture(b -> b.token(TOKEN))) {
            URI stream = fixture.server.streamUri();
            try (SseClient none = SseClient.open(stream)) {
                assertThat(none.status()).isEqualTo(401);
                assertThat(none.headers().firstValue("WWW-Authenticate")).hasValue("Bearer realm=\"firebreak\"");
            }
            try (SseClient wrong = SseClient.open(stream, Map.of("Authorization", "Bearer " + TOKEN + "x"))) {
                assertThat(wrong.status()).isEqualTo(401);
            }
            try (SseClient wrongScheme = SseClient.open(stream, Map.of("Authorization", "Basic " + TOKEN))) {
                assertThat(wrongScheme.status()).isEqualTo(401);
            }
            try (SseClient wrongQuery = SseClient.open(URI.create(stream + "?access_token=nope"))) {
                assertThat(wrongQuery.status()).isEqualTo(401);
            }
            try (SseClient header = SseClient.open(stream, Map.of("Authorization", "Bearer " + TOKEN))) {
                assertThat(header.status()).isEqualTo(200);
                header.awaitPing();
            }
            try (SseClient query = SseClient.open(URI.create(stream + "?access_token=" + TOKEN))) {
                assertThat(query.status()).isEqualTo(200);
                query.awaitPing();
            }
            // the dashboard page holds no data: it loads without the token and passes ?token= on to its stream
            String page = RawHttp.exchange(fixture.server.port(), "GET /firebreak/ HTTP/1.1\r\nHost: t\r\n\r\n");
            assertThat(page).startsWith("HTTP/1.1 200");
        }
    }

    @Test
    void crossOriginReadsAreOffByDefaultAndOnlyForListedOrigins() throws Exception {
        try (StreamFixture closed = new StreamFixture()) {
            try (SseClient client = SseClient.open(closed.server.streamUri(), Map.of("Origin", "http://evil.example"))) {
                assertThat(client.headers().firstValue("Access-Control-Allow-Origin")).isEmpty();
            }
        }
        try (StreamFixture listed = new StreamFixture(b -> b.allowOrigins("http://127.0.0.1:8080"))) {
            try (SseClient other = SseClient.open(listed.server.streamUri(), Map.of("Origin", "http://evil.example"))) {
                assertThat(other.headers().firstValue("Access-Control-Allow-Origin")).isEmpty();
            }
            try (SseClient ok = SseClient.open(listed.server.streamUri(), Map.of("Origin", "http://127.0.0.1:8080"))) {
                assertThat(ok.headers().firstValue("Access-Control-Allow-Origin")).hasValue("http://127.0.0.1:8080");
            }
        }
        assertThatThrownBy(() -> StreamServer.builder(GuardRegistry.builder().build()).allowOrigins("http://x/path"))
                .isInstanceOf(InvalidConfigException.class);
    }

    @Test
    void dashboardFilesCarryAStrictContentSecurityPolicy() throws Exception {
        try (StreamFixture fixture = new StreamFixture()) {
            int port = fixture.server.port();
            String page = RawHttp.exchange(port, "GET /firebreak/ HTTP/1.1\r\nHost: t\r\n\r\n");
            assertThat(page).containsIgnoringCase("Content-Type: text/html; charset=utf-8")
                    .containsIgnoringCase("Content-Security-Policy: default-src 'none'; script-src 'self'")
                    .containsIgnoringCase("X-Frame-Options: DENY");
            assertThat(RawHttp.exchange(port, "GET /firebreak/aggregate.js HTTP/1.1\r\nHost: t\r\n\r\n"))
                    .startsWith("HTTP/1.1 200").containsIgnoringCase("Content-Type: text/javascript");
            assertThat(RawHttp.exchange(port, "HEAD /firebreak/dashboard.css HTTP/1.1\r\nHost: t\r\n\r\n"))
                    .startsWith("HTTP/1.1 200").containsIgnoringCase("Content-Type: text/css");
            assertThat(RawHttp.exchange(port, "GET /firebreak HTTP/1.1\r\nHost: t\r\n\r\n"))
                    .startsWith("HTTP/1.1 301").containsIgnoringCase("Location: /firebreak/");
        }
    }
}
