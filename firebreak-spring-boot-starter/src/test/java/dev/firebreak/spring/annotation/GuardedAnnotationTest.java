package dev.firebreak.spring.annotation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.GuardRegistry;
import dev.firebreak.event.EventType;
import dev.firebreak.spring.annotation.app.GuardedApplication;
import dev.firebreak.spring.testing.SlowDownstream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * {@code @Guarded} in a real servlet application on a random port, called over HTTP, calling a real
 * slow downstream: sync, CompletionStage, Mono and Flux methods, their fallbacks and timeouts.
 */
// Spring Cloud 5.0's verifier names Boot 4.0.x; 4.1.2 is the version this build resolves and tests.
@SpringBootTest(classes = GuardedApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = "spring.cloud.compatibility-verifier.enabled=false")
class GuardedAnnotationTest {

    private static final SlowDownstream DOWNSTREAM = new SlowDownstream();
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    @LocalServerPort
    int port;

    @Autowired
    GuardRegistry registry;

    @DynamicPropertySource
    static void downstream(DynamicPropertyRegistry properties) {
        properties.add("downstream.url", DOWNSTREAM::baseUrl);
    }

    @AfterAll
    static void stopDownstream() {
        DOWNSTREAM.close();
    }

    private String get(String pathAndQuery) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + pathAndQuery))
                .timeout(Duration.ofSeconds(20)).build();
        HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as("status of %s: %s", pathAndQuery, response.body()).isEqualTo(200);
        return response.body();
    }

    private long count(String guard, EventType type) {
        return registry.find(guard).orElseThrow().controls().metrics().cumulativeCount(type);
    }

    @Test
    void aSyncMethodRunsUnderItsGuard() throws Exception {
        long before = count("sync", EventType.SUCCESS);
        assertThat(get("/sync?path=ok")).isEqualTo("ok");
        assertThat(count("sync", EventType.SUCCESS)).isEqualTo(before + 1);
    }

    @Test
    void aSyncFailureGetsTheFallbackWithTheMethodsOwnException() throws Exception {
        assertThat(get("/sync?path=fail")).isEqualTo("sync fallback: IllegalStateException status 500");
    }

    @Test
    void aSyncTimeoutGetsTheFallbackWithTheGuardsException() throws Exception {
        long before = count("sync", EventType.TIMEOUT);
        assertThat(get("/sync?path=hang")).startsWith("sync fallback: GuardTimeoutException");
        assertThat(count("sync", EventType.TIMEOUT)).isEqualTo(before + 1);
    }

    @Test
    void withoutAFallbackTheCallerGetsAGuardExceptionCausedByTheMethodsException() throws Exception {
        assertThat(get("/sync-bare?path=fail")).isEqualTo("caught CallFailedException caused by status 500");
    }

    @Test
    void aStageMethodIsGuardedAndFallsBackToAStage() throws Exception {
        assertThat(get("/stage?path=ok")).isEqualTo("ok");
        assertThat(get("/stage?path=fail")).isEqualTo("stage fallback for fail");
        assertThat(get("/stage?path=hang")).isEqualTo("stage fallback for hang");
        assertThat(count("stage", EventType.TIMEOUT)).isEqualTo(1);
        assertThat(count("stage", EventType.FALLBACK_SUCCESS)).isEqualTo(2);
    }

    @Test
    void aMonoMethodIsGuardedPerSubscription() throws Exception {
        assertThat(get("/mono?path=ok")).isEqualTo("ok");
        assertThat(get("/mono?path=fail")).isEqualTo("mono fallback: InternalServerError");
        assertThat(get("/mono?path=hang")).isEqualTo("mono fallback: GuardTimeoutException");
        assertThat(count("mono", EventType.SUCCESS)).isEqualTo(1);
        assertThat(count("mono", EventType.FAILURE)).isEqualTo(1);
        assertThat(count("mono", EventType.TIMEOUT)).isEqualTo(1);
    }

    @Test
    void aFluxMethodIsGuardedForTheWholeStream() throws Exception {
        assertThat(get("/flux?path=lines")).isEqualTo("a,b,c");
        assertThat(get("/flux?path=fail")).isEqualTo("flux,fallback,InternalServerError");
        assertThat(count("flux", EventType.SUCCESS)).isEqualTo(1);
        assertThat(count("flux", EventType.FAILURE)).isEqualTo(1);
    }
}
