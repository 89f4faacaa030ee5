package dev.firebreak.samples.declared;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.json.JsonParserFactory;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Over real HTTP, both ways: the service's declared resilience at work against a real downstream, each
 * declaration seen in the answers, in the downstream's request counts and on {@code /actuator/firebreak/events}.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class DeclaredServiceTest {

    private static final TestDownstream DOWNSTREAM = start();
    private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    @LocalServerPort
    int port;

    private static TestDownstream start() {
        try {
            return TestDownstream.start();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @DynamicPropertySource
    static void downstream(DynamicPropertyRegistry properties) {
        properties.add("downstream.url", DOWNSTREAM::url);
    }

    @AfterAll
    static void stop() {
        DOWNSTREAM.close();
    }

    private String get(String path) throws Exception {
        HttpResponse<String> response = send(path);
        assertThat(response.statusCode()).as(path + ": " + response.body()).isEqualTo(200);
        return response.body();
    }

    private HttpResponse<String> send(String path) throws Exception {
        return CLIENT.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
    }

    @SuppressWarnings("unchecked")
    private List<Map<String, Object>> events(String policy, String kind) throws Exception {
        Map<String, Object> body = JsonParserFactory.getJsonParser()
                .parseMap(get("/actuator/firebreak/events?policy=" + policy + "&kind=" + kind));
        return (List<Map<String, Object>>) body.get("events");
    }

    @Test
    void theDeclaredRetryMakesThreeAttemptsThroughTheGuardAndReportsEachRetry() throws Exception {
        DOWNSTREAM.failFirst("items", 2);
        assertThat(get("/items/42")).isEqualTo("items 42 from attempt 3");
        assertThat(DOWNSTREAM.calls("items")).isEqualTo(3);
        assertThat(events("catalog-retry", "RETRY")).hasSize(2);
    }

    @Test
    void aClientErrorIsClassifiedAsTheCallersNeitherRetriedNorCounted() throws Exception {
        int before = DOWNSTREAM.calls("items");
        long failuresBefore = events("catalog", "CALL").stream().filter(e -> e.get("details").toString().contains("FAILURE")).count();
        HttpResponse<String> missing = send("/items/missing");
        assertThat(missing.statusCode()).isEqualTo(404);
        assertThat(DOWNSTREAM.calls("items") - before).as("ignoreExceptions: no retry").isEqualTo(1);
        List<Map<String, Object>> calls = events("catalog", "CALL");
        assertThat(calls.getLast().get("details").toString()).as("recorded as a bad request").contains("BAD_REQUEST");
        assertThat(calls.stream().filter(e -> e.get("details").toString().contains("FAILURE")).count())
                .as("not counted as a failure").isEqualTo(failuresBefore);
    }

    @Test
    void theCountWindowOpensTheBreakerAfterItsVolumeAndTheFallbackSaysSo() throws Exception {
        DOWNSTREAM.failFirst("stock", 1_000);
        List<String> answers = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            answers.add(get("/stock/bolts"));
        }
        assertThat(answers.subList(0, 5)).containsOnly("stock of bolts unknown (downstream failed)");
        assertThat(answers.subList(5, 8)).containsOnly("stock of bolts unknown (ShortCircuitedException)");
        assertThat(DOWNSTREAM.calls("stock")).as("the open circuit spared the downstream").isEqualTo(5);
        assertThat(events("stock", "STATE_TRANSITION")).singleElement()
                .satisfies(e -> assertThat((Map<String, Object>) e.get("details")).containsEntry("to", "OPEN"));
    }

    @Test
    void theHedgeAnswersFromTheSecondAttemptWhileTheFirstHangs() throws Exception {
        assertThat(get("/prices/7")).isEqualTo("prices 7 from attempt 2");
        DOWNSTREAM.releasePrices();
        assertThat(events("prices-hedge", "HEDGE")).hasSize(1);
    }

    @Test
    void theRateLimiterAloneRefusesTheExcessAndNothingElse() throws Exception {
        List<String> answers = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            answers.add(get("/quotes/eur"));
        }
        assertThat(answers).anyMatch(a -> a.startsWith("quotes eur from attempt"))
                .contains("quote for eur later (RateLimitedException)")
                .allMatch(a -> a.startsWith("quotes eur from attempt") || a.equals("quote for eur later (RateLimitedException)"));
        assertThat(events("partner", "RATE_LIMITED")).isNotEmpty();
    }
}
