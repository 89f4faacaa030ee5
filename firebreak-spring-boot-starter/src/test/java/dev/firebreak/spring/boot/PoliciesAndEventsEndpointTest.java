package dev.firebreak.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.hedge.Hedge;
import dev.firebreak.hedge.Idempotent;
import dev.firebreak.ratelimit.RateLimitConfig;
import dev.firebreak.retry.Jitter;
import dev.firebreak.retry.Retry;
import dev.firebreak.spring.boot.events.PoliciesApplication;
import dev.firebreak.testkit.Await;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;

/**
 * Over real HTTP: retry and hedging policies on {@code /actuator/firebreak} and as meters, and the recent
 * events at {@code /actuator/firebreak/events}, filtered by policy and kind, bounded per policy, and as a stream.
 */
@SpringBootTest(classes = PoliciesApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"management.endpoints.web.exposure.include=firebreak,metrics", "firebreak.events.capacity=5",
                "server.error.include-message=always"})
@DirtiesContext
class PoliciesAndEventsEndpointTest {

    @LocalServerPort
    int port;
    @Autowired
    GuardRegistry registry;
    @Autowired
    MeterRegistry meters;

    private Retry retry(String name, Guard guard) {
        return Retry.named(name).through(guard)
                .configure(c -> c.maxAttempts(3).jitter(Jitter.NONE).budgetEnabled(false).throttleEnabled(false)
                        .backoff(Duration.ofMillis(1), Duration.ofMillis(10), 2))
                .build();
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> events(Map<String, Object> body) {
        return (List<Map<String, Object>>) body.get("events");
    }

    @Test
    void retriesAndHedgesAreShownWithTheirCountsAndPropertiesAndAreMeteredWithoutBindingThem() throws Exception {
        Guard users = registry.guard("users").isolation(Isolation.semaphore(10)).build();
        Retry retry = retry("users-retry", users);
        Hedge hedge = Hedge.named("users-hedge").through(users).configure(c -> c.fixedDelay(Duration.ofMillis(50))).build();
        assertThat(retry.execute(() -> "ok")).isEqualTo("ok");
        assertThat(hedge.execute(Idempotent.call(() -> "ok"))).isEqualTo("ok");

        Http http = new Http(port);
        Map<String, Object> shown = Http.map(http.json("/actuator/firebreak"), "retries", "users-retry");
        assertThat(shown).containsEntry("guard", "users");
        assertThat(Http.map(shown, "counts")).containsEntry("calls", 1).containsEntry("attempts", 1);
        assertThat(Http.map(shown, "properties", "maxAttempts")).containsEntry("value", 3)
                .containsEntry("level", "INSTANCE_DEFAULT_FROM_CODE");
        Map<String, Object> hedged = Http.map(http.json("/actuator/firebreak"), "hedges", "users-hedge");
        assertThat(hedged).containsEntry("guard", "users");
        assertThat(Http.map(hedged, "counts")).containsEntry("calls", 1);
        assertThat(Http.map(hedged, "properties")).containsKey("maxHedges");

        assertThat(meters.get("firebreak.retry.calls").tag("name", "users-retry").functionCounter().count()).isEqualTo(1);
        assertThat(meters.get("firebreak.hedge.calls").tag("name", "users-hedge").functionCounter().count()).isEqualTo(1);
    }
}
