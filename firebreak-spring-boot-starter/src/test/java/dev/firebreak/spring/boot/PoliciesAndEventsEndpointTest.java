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
        properties = {"management.endpoints.web.exposure.include=firebreak,metrics", "firebreak.events.capacity=5"})
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
        assertThat(Http.map(shown, "counts")).containsEntry("calls", 1).containsEntry("attempts", 1)
                .containsEntry("serverDelays", 0).containsEntry("serverDelaysTooLong", 0);
        assertThat(Http.map(shown, "properties", "maxAttempts")).containsEntry("value", 3)
                .containsEntry("level", "INSTANCE_DEFAULT_FROM_CODE");
        Map<String, Object> hedged = Http.map(http.json("/actuator/firebreak"), "hedges", "users-hedge");
        assertThat(hedged).containsEntry("guard", "users");
        assertThat(Http.map(hedged, "counts")).containsEntry("calls", 1);
        assertThat(Http.map(hedged, "properties")).containsKey("maxHedges");

        // bound by the starter on its own: no binding by hand
        assertThat(meters.get("firebreak.retry.calls").tags("policy", "users-retry", "guard", "users").functionCounter()
                .count()).isEqualTo(1);
        assertThat(meters.get("firebreak.retry.attempts").tag("policy", "users-retry").functionCounter().count()).isEqualTo(1);
        assertThat(meters.get("firebreak.retry.events").tags("policy", "users-retry", "event", "budget_exhausted")
                .functionCounter().count()).isZero();
        assertThat(meters.get("firebreak.hedge.calls").tags("policy", "users-hedge", "guard", "users").functionCounter()
                .count()).isEqualTo(1);
        assertThat(meters.find("firebreak.hedge.events").tag("policy", "users-hedge").functionCounters()).hasSize(5);
    }

    @Test
    void theEventsOfEachPolicyAreServedFilteredByPolicyAndKindAndBoundedPerPolicy() throws Exception {
        Guard flaky = registry.guard("flaky").isolation(Isolation.semaphore(10)).build();
        Retry retry = retry("flaky-retry", flaky);
        AtomicInteger failures = new AtomicInteger();
        String answer = retry.execute(() -> {
            throw new IllegalStateException("down " + failures.incrementAndGet());
        }, failure -> "fallback");
        assertThat(answer).isEqualTo("fallback");

        Guard quota = registry.guard("quota").isolation(Isolation.semaphore(10))
                .rateLimit(RateLimitConfig.builder().enabled(true).permitsPerSecond(1).burst(1).build()).build();
        for (int i = 0; i < 12; i++) {
            quota.execute(() -> "ok", failure -> "fallback");
        }

        Http http = new Http(port);
        List<Map<String, Object>> retries = events(http.json("/actuator/firebreak/events?policy=flaky-retry&kind=RETRY"));
        assertThat(retries).extracting(e -> e.get("kind")).containsOnly("RETRY");
        assertThat(retries).extracting(e -> Http.map(e, "details").get("attempt")).containsExactly(1, 2);
        assertThat(Http.map(retries.getFirst(), "details").get("cause").toString()).contains("CallFailedException");
        assertThat(retries).extracting(e -> e.get("policyType")).containsOnly("retry");

        List<Map<String, Object>> attempts = events(http.json("/actuator/firebreak/events?policy=flaky&kind=call"));
        assertThat(attempts).hasSize(3).allSatisfy(e -> assertThat(Http.map(e, "details").get("events"))
                .isEqualTo(List.of("FAILURE"))); // attempts, not callers' outcomes

        List<Map<String, Object>> limited = events(http.json("/actuator/firebreak/events?kind=RATE_LIMITED"));
        assertThat(limited).hasSize(5) // 11 refusals, 5 kept: the capacity per policy and kind
                .allSatisfy(e -> assertThat(e).containsEntry("policy", "quota").containsEntry("kind", "RATE_LIMITED"));
        assertThat(limited).extracting(e -> ((Number) e.get("id")).longValue()).isSorted();
        List<Map<String, Object>> quotaEvents = events(http.json("/actuator/firebreak/events?policy=quota"));
        assertThat(quotaEvents).hasSize(10); // its refusals and its calls: 5 of each kind, a ring each
        assertThat(events(http.json("/actuator/firebreak/events?policy=flaky-retry"))).hasSize(2);

        HttpResponse<String> bad = http.get("/actuator/firebreak/events?kind=EXPLODED");
        assertThat(bad.statusCode()).isEqualTo(400);
        assertThat(bad.body()).contains("kind = EXPLODED", "RETRY");
    }

    @Test
    void aHedgeIsAnEvent() throws Exception {
        Guard slow = registry.guard("slow").isolation(Isolation.semaphore(10)).build();
        Hedge hedge = Hedge.named("slow-hedge").through(slow).configure(c -> c.fixedDelay(Duration.ofMillis(5))
                .budgetEnabled(false).throttleEnabled(false)).build();
        AtomicInteger attempts = new AtomicInteger();
        CompletableFuture<String> result = hedge.submitAsync(Idempotent.stage(() -> attempts.incrementAndGet() == 1
                ? new CompletableFuture<String>() // the first never answers: the hedge does
                : CompletableFuture.completedFuture("hedge")));
        assertThat(result.get(30, TimeUnit.SECONDS)).isEqualTo("hedge");
        Http http = new Http(port);
        Await.until("the hedge is in the feed", () -> {
            try {
                return !events(http.json("/actuator/firebreak/events?policy=slow-hedge&kind=HEDGE")).isEmpty();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        Map<String, Object> event = events(http.json("/actuator/firebreak/events?policy=slow-hedge")).getFirst();
        assertThat(event).containsEntry("kind", "HEDGE").containsEntry("policyType", "hedge");
        assertThat(Http.map(event, "details")).containsEntry("attempt", 2);
    }

    @Test
    void theStreamServesTheEventsKeptThenEachNewOneAsServerSentEvents() throws Exception {
        Guard streamed = registry.guard("streamed").isolation(Isolation.semaphore(10))
                .rateLimit(RateLimitConfig.builder().enabled(true).permitsPerSecond(1).burst(1).build()).build();
        streamed.execute(() -> "ok", failure -> "fallback");
        streamed.execute(() -> "ok", failure -> "fallback"); // refused before the stream opens: kept, then replayed
        Http http = new Http(port);
        String[] replayed = http.readStreamUntil("/actuator/firebreak/events/stream?policy=streamed&kind=rate_limited",
                line -> line.startsWith("data:"));
        assertThat(replayed[0]).startsWith("text/event-stream");
        assertThat(replayed[1]).contains("\"policy\":\"streamed\"", "\"kind\":\"RATE_LIMITED\"");

        Guard live = registry.guard("live").isolation(Isolation.semaphore(10))
                .rateLimit(RateLimitConfig.builder().enabled(true).permitsPerSecond(1).burst(1).build()).build();
        try (InputStream body = http.open("/actuator/firebreak/events/stream?policy=live")) { // subscribed: the head came
            live.execute(() -> "ok", failure -> "fallback");
            live.execute(() -> "ok", failure -> "fallback"); // refused after the stream opened: sent as it happens
            BufferedReader reader = new BufferedReader(new InputStreamReader(body, StandardCharsets.UTF_8));
            CompletableFuture<String> line = CompletableFuture.supplyAsync(() -> {
                try {
                    for (String next = reader.readLine(); next != null; next = reader.readLine()) {
                        if (next.startsWith("data:")) {
                            return next;
                        }
                    }
                    return "the stream ended";
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            assertThat(line.get(30, TimeUnit.SECONDS)).contains("\"policy\":\"live\"", "\"kind\":\"RATE_LIMITED\"");
        }
        assertThat(http.get("/actuator/firebreak/events/stream?kind=SOON").statusCode()).isEqualTo(400);
        assertThat(http.get("/actuator/firebreak/events/stream?kind=SOON").body()).contains("kind = SOON");
    }

    @Test
    void anEventStreamWithNothingToSendOpensWithItsComment() throws Exception {
        // The first line is the opening comment, not the keep-alive sent after 10 quiet seconds.
        String[] first = new Http(port).readStreamUntil("/actuator/firebreak/events/stream?policy=quiet", line -> !line.isEmpty());
        assertThat(first[0]).startsWith("text/event-stream");
        assertThat(first[1]).isEqualTo(":firebreak events");
    }
}
