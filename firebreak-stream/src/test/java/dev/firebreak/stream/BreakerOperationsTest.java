package dev.firebreak.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.breaker.BreakerMode;
import dev.firebreak.config.InvalidConfigException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The stream server's breaker operations over real HTTP on loopback: absent unless an operations token is
 * set; then POST only, the token in the header only, the action and the guard checked, each refusal
 * saying why and leaving the breaker as it was, and a forced-open breaker short-circuiting until
 * {@code automatic}.
 */
class BreakerOperationsTest {

    private static final String OPERATIONS = "operate-0123456789abcdef";
    private static final String STREAM = "stream-read-0123456789";

    private static HttpResponse<String> post(URI uri, String authorization) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10))
                .POST(HttpRequest.BodyPublishers.noBody());
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        try (HttpClient client = HttpClient.newHttpClient()) {
            return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
        }
    }

    @SuppressWarnings("unchecked")
    private static java.util.Map<String, Object> json(HttpResponse<String> response) {
        return (java.util.Map<String, Object>) MiniJson.parse(response.body());
    }

    private static URI operation(StreamFixture fixture, String query) {
        return fixture.server.streamUri().resolve("/firebreak/breaker" + query);
    }

    @Test
    void withoutAnOperationsTokenThePathDoesNotExist() throws Exception {
        try (StreamFixture fixture = new StreamFixture()) {
            Guard orders = fixture.registry.guard("orders").isolation(Isolation.semaphore(10)).build();
            HttpResponse<String> absent = post(operation(fixture, "?guard=orders&action=forceOpen"), "Bearer " + OPERATIONS);
            assertThat(absent.statusCode()).isEqualTo(404);
            assertThat(orders.controls().circuitBreaker().mode()).isEqualTo(BreakerMode.AUTOMATIC);
        }
    }

    @Test
    void anOperatorForcesTheBreakerOpenAndBackWithTheToken() throws Exception {
        try (StreamFixture fixture = new StreamFixture(b -> b.operationsToken(OPERATIONS))) {
            Guard orders = fixture.registry.guard("orders").isolation(Isolation.semaphore(10)).build();

            HttpResponse<String> forced = post(operation(fixture, "?guard=orders&action=forceOpen"), "Bearer " + OPERATIONS);
            assertThat(forced.statusCode()).as(forced.body()).isEqualTo(200);
            assertThat(forced.headers().firstValue("Content-Type")).hasValue("application/json");
            assertThat(json(forced)).containsEntry("guard", "orders").containsEntry("action", "forceOpen")
                    .containsEntry("from", "AUTOMATIC").containsEntry("to", "FORCED_OPEN").containsEntry("state", "OPEN")
                    .containsEntry("origin", "stream-server");
            assertThat(orders.execute(() -> "served", failure -> "short-circuited")).isEqualTo("short-circuited");

            HttpResponse<String> back = post(operation(fixture, "?guard=orders&action=AUTOMATIC"), "Bearer " + OPERATIONS);
            assertThat(json(back)).containsEntry("from", "FORCED_OPEN").containsEntry("to", "AUTOMATIC");
            assertThat(orders.execute(() -> "served", failure -> "short-circuited")).isEqualTo("served");
        }
    }

    @Test
    void eachRefusalSaysWhyAndLeavesTheBreakerAlone() throws Exception {
        try (StreamFixture fixture = new StreamFixture(b -> b.token(STREAM).operationsToken(OPERATIONS))) {
            Guard orders = fixture.registry.guard("orders").isolation(Isolation.semaphore(10)).build();
            URI forceOpen = operation(fixture, "?guard=orders&action=forceOpen");

            HttpResponse<String> none = post(forceOpen, null);
            assertThat(none.statusCode()).isEqualTo(401);
            assertThat(none.headers().firstValue("WWW-Authenticate")).hasValue("Bearer realm=\"firebreak-operations\"");
            assertThat(post(forceOpen, "Bearer " + STREAM).statusCode()).as("the stream's token reads, never operates")
                    .isEqualTo(401);
            assertThat(post(operation(fixture, "?guard=orders&action=forceOpen&access_token=" + OPERATIONS), null)
                    .statusCode()).as("never from the query").isIn(400, 401);

            HttpResponse<String> unknown = post(operation(fixture, "?guard=orders&action=explode"), "Bearer " + OPERATIONS);
            assertThat(unknown.statusCode()).isEqualTo(400);
            assertThat(unknown.body()).contains("action = explode: not an operation (rule: one of "
                    + "[forceOpen, forceClosed, disable, metricsOnly, reset, automatic])");
            HttpResponse<String> nobody = post(operation(fixture, "?guard=nobody&action=forceOpen"), "Bearer " + OPERATIONS);
            assertThat(nobody.statusCode()).isEqualTo(404);
            assertThat(nobody.body()).contains("no guard named 'nobody'");

            try (HttpClient client = HttpClient.newHttpClient()) {
                HttpResponse<String> get = client.send(HttpRequest.newBuilder(forceOpen)
                        .header("Authorization", "Bearer " + OPERATIONS).GET().build(), HttpResponse.BodyHandlers.ofString());
                assertThat(get.statusCode()).isEqualTo(405);
                assertThat(get.headers().firstValue("Allow")).hasValue("POST");
                HttpResponse<String> withBody = client.send(HttpRequest.newBuilder(forceOpen)
                        .header("Authorization", "Bearer " + OPERATIONS).POST(HttpRequest.BodyPublishers.ofString("x"))
                        .build(), HttpResponse.BodyHandlers.ofString());
                assertThat(withBody.statusCode()).isEqualTo(400);
            }
            assertThat(orders.controls().circuitBreaker().mode()).isEqualTo(BreakerMode.AUTOMATIC);
        }
    }

    @Test
    void theOperationsTokenIsCheckedAndDiffersFromTheStreams() {
        StreamServerBuilder builder = StreamServer.builder(GuardRegistry.builder().build());
        assertThatThrownBy(() -> builder.operationsToken("short")).isInstanceOf(InvalidConfigException.class)
                .hasMessageContaining("stream.operationsToken").hasMessageContaining("at least 16").hasMessageNotContaining("short");
        assertThatThrownBy(() -> builder.token(STREAM).operationsToken(STREAM).port(0).build())
                .isInstanceOf(InvalidConfigException.class).hasMessageContaining("must differ from the stream's token");
    }
}
