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
        properties = "spring.main.web-application-type=reactive")
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
    void theHystrixStreamServesHystrixFramesOnWebFlux() throws Exception {
        http.body("/call/ok");
        String[] typeAndLine = http.readStreamUntil("/actuator/hystrix.stream?delay=100",
                line -> line.startsWith("data: ") && line.contains("\"name\":\"ok\""));
        assertThat(typeAndLine[0]).startsWith("text/event-stream");
        assertThat(typeAndLine[1]).contains("\"type\":\"HystrixCommand\"", "\"group\":\"ok\"");
        assertThat(http.get("/actuator/hystrix.stream?delay=-1").statusCode()).isEqualTo(400);
    }
}
