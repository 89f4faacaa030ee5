package dev.firebreak.samples.passthrough;

import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Browser;
import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.Playwright;
import com.microsoft.playwright.assertions.PlaywrightAssertions;
import dev.firebreak.testkit.Await;
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.json.JsonParserFactory;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.MapPropertySource;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * What the pass-through service shows, over real HTTP on a random port, whichever web stack runs it:
 * a relayed message, fallbacks for a failing and a slow downstream, a timeout changed live through the
 * environment, a breaker opening on {@code /actuator/firebreak}, and the stream read by Firebreak's
 * dashboard in a real Chromium. The breaker tests run last: once open, the breaker stays open.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
abstract class PassthroughContract {

    static final String TIMEOUT = "execution.isolation.thread.timeoutInMilliseconds";
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    @LocalServerPort
    int port;

    @Autowired
    ConfigurableApplicationContext context;

    @DynamicPropertySource
    static void downstream(DynamicPropertyRegistry properties) {
        properties.add("downstream.url", () -> SlowMessages.shared().baseUrl());
    }

    @Test
    @Order(1)
    void relaysAMessageToTheDownstream() throws Exception {
        assertThat(post("{\"id\":\"1\",\"payload\":\"sample payload\",\"delay\":0}"))
                .containsEntry("id", "1").containsEntry("received", "sample payload").containsEntry("ack", "OK");
    }

    @Test
    @Order(2)
    void aFailingDownstreamIsAnsweredByTheFallback() throws Exception {
        assertThat(post("{\"id\":\"2\",\"payload\":\"fail\",\"delay\":0}"))
                .containsEntry("id", "2").containsEntry("ack", "FALLBACK InternalServerError");
    }

    @Test
    @Order(3)
    void aSlowDownstreamIsCutAtTheTimeoutFromApplicationYml() throws Exception {
        assertThat(timeoutOnTheEndpoint()).isEqualTo(5000);
        assertThat(post("{\"id\":\"3\",\"payload\":\"slow\",\"delay\":60000}"))
                .containsEntry("ack", "FALLBACK GuardTimeoutException");
    }

    @Test
    @Order(4)
    void theTimeoutChangesLiveThroughTheEnvironment() throws Exception {
        MapPropertySource live = new MapPropertySource("live", new ConcurrentHashMap<>());
        context.getEnvironment().getPropertySources().addFirst(live);
        try {
            live.getSource().put("firebreak.command.passthrough." + TIMEOUT, "700");
            Await.until("the environment's new timeout is in force", () -> timeoutOnTheEndpoint() == 700);
            // 1.5 s is within the yml's 5 s but past the new 700 ms: only the live value can cut it
            assertThat(post("{\"id\":\"4\",\"payload\":\"slowish\",\"delay\":1500}"))
                    .containsEntry("ack", "FALLBACK GuardTimeoutException");
        } finally {
            context.getEnvironment().getPropertySources().remove("live");
        }
        Await.until("the yml's timeout is back", () -> timeoutOnTheEndpoint() == 5000);
    }

    @Test
    @Order(5)
    void theBreakerOpensOnTheEndpointAndThenShortCircuits() throws Exception {
        for (int call = 0; call < 40 && !"OPEN".equals(guardView().get("circuit")); call++) {
            post("{\"id\":\"f\",\"payload\":\"fail\",\"delay\":0}");
        }
        assertThat(guardView()).containsEntry("circuit", "OPEN");
        assertThat(post("{\"id\":\"5\",\"payload\":\"healthy\",\"delay\":0}"))
                .containsEntry("ack", "FALLBACK ShortCircuitedException");
    }

    @Test
    @Order(6)
    void theStreamIsHystrixsWireFormatAndTheDashboardShowsTheOpenBreaker() throws Exception {
        assertThat(firstStreamLineAbout("passthrough")).contains("\"type\":\"HystrixCommand\"", "\"isCircuitBreakerOpen\":true");
        PlaywrightAssertions.setDefaultAssertionTimeout(15_000); // a bounded wait for each expectation
        try (Playwright playwright = Chromium.playwright(); Browser browser = Chromium.launch(playwright)) {
            Page page = browser.newPage();
            page.navigate("http://127.0.0.1:" + port + "/dashboard/index.html?stream=/actuator/hystrix.stream");
            Locator card = page.locator("article.card[data-type=\"HystrixCommand\"]")
                    .filter(new Locator.FilterOptions().setHas(page.locator("h3")
                            .getByText("passthrough", new Locator.GetByTextOptions().setExact(true))));
            PlaywrightAssertions.assertThat(card.locator(".breaker")).hasText("OPEN");
            PlaywrightAssertions.assertThat(page.locator("#sources li")).hasCount(1);
        }
    }

    // ---------------------------------------------------------------- over HTTP

    Map<String, Object> post(String json) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(uri("/passthrough/message")).timeout(Duration.ofSeconds(60))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(json)).build();
        HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return JsonParserFactory.getJsonParser().parseMap(response.body());
    }

    @SuppressWarnings("unchecked")
    Map<String, Object> guardView() throws Exception {
        HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(uri("/actuator/firebreak")).build(),
                HttpResponse.BodyHandlers.ofString());
        Map<String, Object> body = JsonParserFactory.getJsonParser().parseMap(response.body());
        return (Map<String, Object>) ((Map<String, Object>) body.get("guards")).get("passthrough");
    }

    @SuppressWarnings("unchecked")
    int timeoutOnTheEndpoint() {
        try {
            Map<String, Object> properties = (Map<String, Object>) guardView().get("properties");
            return ((Number) ((Map<String, Object>) properties.get(TIMEOUT)).get("value")).intValue();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** Reads {@code /actuator/hystrix.stream} until a data line names {@code guard} (bounded: 30 s). */
    String firstStreamLineAbout(String guard) throws Exception {
        HttpResponse<InputStream> response = HTTP.send(HttpRequest.newBuilder(uri("/actuator/hystrix.stream")).build(),
                HttpResponse.BodyHandlers.ofInputStream());
        assertThat(response.headers().firstValue("Content-Type").orElse("")).startsWith("text/event-stream");
        try (InputStream body = response.body()) {
            CompletableFuture<String> line = CompletableFuture.supplyAsync(() -> {
                try {
                    BufferedReader reader = new BufferedReader(new InputStreamReader(body, StandardCharsets.UTF_8));
                    for (String next = reader.readLine(); next != null; next = reader.readLine()) {
                        if (next.startsWith("data: ") && next.contains("\"name\":\"" + guard + "\"")) {
                            return next;
                        }
                    }
                    throw new AssertionError("the stream ended without a line about " + guard);
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            return line.get(30, TimeUnit.SECONDS);
        }
    }

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }
}
