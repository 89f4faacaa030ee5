package dev.firebreak.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.spring.boot.app.TestApplication;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.ActiveProfiles;

/** The same pass-through service on WebFlux (Reactor Netty): the stream and the endpoint on the application's port. */
@SpringBootTest(classes = TestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"spring.main.web-application-type=reactive", "firebreak.stream.max-connections=1"})
@ActiveProfiles("it")
@DirtiesContext
class ReactiveApplicationTest {

    @LocalServerPort
    int port;
    @Autowired
    ApplicationContext context;

    private Http http;

    @BeforeEach
    void client() {
        http = new Http(port);
    }

    @Test
    void itIsAReactiveApplication() {
        assertThat(context).isInstanceOf(org.springframework.boot.web.server.reactive.context.ReactiveWebServerApplicationContext.class);
    }

    @Test
    void callsPassThroughAndFallBackAndTheEndpointShowsTheGuards() throws Exception {
        assertThat(http.body("/call/ok")).isEqualTo("downstream ok");
        assertThat(http.body("/call/slow")).isEqualTo("fallback for slow (GuardTimeoutException)");
        Map<String, Object> slow = Http.map(http.json("/actuator/firebreak"), "guards", "slow");
        assertThat(Http.map(slow, "properties", "execution.isolation.thread.timeoutInMilliseconds"))
                .containsEntry("value", 500).containsEntry("origin",
                        "firebreak.command.slow.execution.isolation.thread.timeoutInMilliseconds");
        assertThat(Http.map(slow, "rolling")).containsEntry("TIMEOUT", 1);
    }

    @Test
    void theHystrixStreamServesHystrixFramesOnWebFluxOneConnectionAtATimeHere() throws Exception {
        http.body("/call/ok");
        try (java.io.InputStream held = http.open("/actuator/hystrix.stream?delay=100")) {
            assertThat(held.read()).isNotEqualTo(-1); // the ping at once
            assertThat(http.get("/actuator/hystrix.stream").statusCode()).isEqualTo(503);
            assertThat(http.get("/actuator/hystrix.stream").body()).contains("firebreak.stream.max-connections");
        }
        // the client left: its slot comes back when the server sees it gone
        dev.firebreak.testkit.Await.until("the stream's slot is given back", () -> {
            try {
                return http.statusOf("/actuator/hystrix.stream?delay=100") == 200;
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        dev.firebreak.testkit.Await.until("a new stream can be read", () -> {
            try {
                String[] typeAndLine = http.readStreamUntil("/actuator/hystrix.stream?delay=100",
                        line -> line.startsWith("data: ") && line.contains("\"name\":\"ok\""));
                assertThat(typeAndLine[0]).startsWith("text/event-stream");
                assertThat(typeAndLine[1]).contains("\"type\":\"HystrixCommand\"", "\"group\":\"ok\"");
                return true;
            } catch (AssertionError stillHeld) {
                if (String.valueOf(stillHeld.getMessage()).contains("answered 503")) {
                    return false; // the previous check's connection is still being noticed gone
                }
                throw stillHeld;
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        assertThat(http.get("/actuator/hystrix.stream?delay=-1").statusCode()).isEqualTo(400);
    }
}
