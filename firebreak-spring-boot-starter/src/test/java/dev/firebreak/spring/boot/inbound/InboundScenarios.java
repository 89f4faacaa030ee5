package dev.firebreak.spring.boot.inbound;

import static dev.firebreak.spring.boot.inbound.InboundClient.get;
import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.GuardRegistry;
import dev.firebreak.context.Criticality;
import dev.firebreak.event.EventType;
import dev.firebreak.testkit.Await;
import io.micrometer.core.instrument.MeterRegistry;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * One body of checks run against a Servlet and a WebFlux service (service A) and a downstream service B,
 * both with the inbound filter on: the answers and headers of refusals, the handler's answers passing
 * through, the criticality read, capped, counted and carried to B by RestClient and WebClient.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS) // one pair of services for every check of a class
abstract class InboundScenarios {

    /** Service A's routes: a path per refusal kind, an API allowing CRITICAL_PLUS, a path capped lower. */
    static final String[] A = {
        "firebreak.inbound.enabled=true", "firebreak.inbound.retry-after-max=5s",
        "firebreak.inbound.paths[0].pattern=/limited/**", "firebreak.inbound.paths[0].guard=limited",
        "firebreak.command.limited.execution.isolation.semaphore.maxConcurrentRequests=1",
        "firebreak.inbound.paths[1].pattern=/rated/**", "firebreak.inbound.paths[1].guard=rated",
        "firebreak.command.rated.rateLimit.enabled=true", "firebreak.command.rated.rateLimit.permitsPerSecond=1",
        "firebreak.inbound.paths[2].pattern=/windowed/**", "firebreak.inbound.paths[2].guard=windowed",
        "firebreak.command.windowed.rateLimit.enabled=true", "firebreak.command.windowed.rateLimit.kind=SLIDING_WINDOW",
        "firebreak.command.windowed.rateLimit.permitsPerSecond=1", "firebreak.command.windowed.rateLimit.burst=0",
        "firebreak.command.windowed.rateLimit.window=10000",
        "firebreak.inbound.paths[3].pattern=/broken/**", "firebreak.inbound.paths[3].guard=broken",
        "firebreak.command.broken.circuitBreaker.forceOpen=true",
        "firebreak.command.broken.circuitBreaker.sleepWindowInMilliseconds=3000",
        "firebreak.inbound.paths[4].pattern=/api/**", "firebreak.inbound.paths[4].guard=api",
        "firebreak.inbound.paths[4].max-criticality=critical-plus",
        "firebreak.inbound.paths[5].pattern=/capped/**", "firebreak.inbound.paths[5].guard=capped",
        "firebreak.inbound.paths[5].max-criticality=SHEDDABLE_PLUS",
        "firebreak.inbound.paths[6].pattern=/api/prefetch", "firebreak.inbound.paths[6].guard=api-prefetch",
    };

    /** Service B: its API allows CRITICAL_PLUS, its /capped/** at most SHEDDABLE. */
    static final String[] B = {
        "firebreak.inbound.enabled=true",
        "firebreak.inbound.paths[0].pattern=/api/**", "firebreak.inbound.paths[0].guard=b-api",
        "firebreak.inbound.paths[0].max-criticality=CRITICAL_PLUS",
        "firebreak.inbound.paths[1].pattern=/capped/**", "firebreak.inbound.paths[1].guard=b-capped",
        "firebreak.inbound.paths[1].max-criticality=SHEDDABLE",
    };

    static final String HEADER = Criticality.HEADER;

    private ConfigurableApplicationContext a;
    private ConfigurableApplicationContext b;

    /** Service A's application class (a Servlet or a WebFlux one) and its type, for {@link InboundClient#start}. */
    abstract Class<?> serviceA();

    abstract String serviceAType();

    @BeforeAll
    void start() {
        try {
            b = InboundClient.start(InboundApplications.ServletApp.class, "servlet", B);
            a = InboundClient.start(serviceA(), serviceAType(), A);
        } catch (RuntimeException failed) {
            stop();
            throw failed;
        }
    }

    @AfterAll
    void stop() {
        if (a != null) {
            a.close();
        }
        if (b != null) {
            b.close();
        }
    }

    final ConfigurableApplicationContext a() {
        return a;
    }

    final ConfigurableApplicationContext b() {
        return b;
    }

    static long count(ConfigurableApplicationContext context, String guard, EventType type) {
        return context.getBean(GuardRegistry.class).find(guard).orElseThrow().controls().metrics().cumulativeCount(type);
    }

    static double counter(ConfigurableApplicationContext context, String outcome) {
        return context.getBean(MeterRegistry.class).get(InboundCriticality.METER).tag("outcome", outcome).counter().count();
    }

    @Test
    void aFullLimitIsAnswered503WithRetryAfterAndPassesAgainOnceFree() throws Exception {
        InboundApplications.Gate gate = a().getBean(InboundApplications.Gate.class);
        CompletableFuture<HttpResponse<String>> held = InboundClient.getAsync(a(), "/limited/hold");
        try {
            assertThat(gate.entered.await(30, TimeUnit.SECONDS)).as("the first request holds the one permit").isTrue();
            HttpResponse<String> refused = get(a(), "/limited/ok");
            assertThat(refused.statusCode()).isEqualTo(503);
            assertThat(refused.headers().firstValue("Retry-After")).hasValue("1"); // p99 of a fast guard, at least 1 s
            assertThat(refused.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("application/json"));
            assertThat(refused.body()).contains("\"status\":503", "SEMAPHORE_REJECTED", "\"retryAfterSeconds\":1");
            assertThat(get(a(), "/unguarded/ok").body()).as("a path under no route is not limited").isEqualTo("ok");
        } finally {
            gate.open.countDown();
        }
        assertThat(held.get(30, TimeUnit.SECONDS).body()).isEqualTo("held");
        assertThat(get(a(), "/limited/ok").statusCode()).as("passes when not overloaded").isEqualTo(200);
        assertThat(count(a(), "limited", EventType.SEMAPHORE_REJECTED)).isEqualTo(1);
        // WebFlux may send the answer before the guard records the chain's end
        Await.until("both held and freed calls recorded", () -> count(a(), "limited", EventType.SUCCESS) == 2);
    }

    @Test
    void aRateLimitIsAnswered429WithTheTimeToTheNextPermitCapped() throws Exception {
        assertThat(get(a(), "/rated/ok").statusCode()).isEqualTo(200);
        HttpResponse<String> limited = get(a(), "/rated/ok");
        assertThat(limited.statusCode()).isEqualTo(429);
        assertThat(limited.headers().firstValue("Retry-After")).as("under 1 s to the next token, rounded up").hasValue("1");
        assertThat(limited.body()).contains("\"status\":429", "RATE_LIMITED");
        for (int i = 0; i < 10; i++) {
            assertThat(get(a(), "/windowed/ok").statusCode()).as("permit %s of 10 in the window", i + 1).isEqualTo(200);
        }
        HttpResponse<String> windowed = get(a(), "/windowed/ok");
        assertThat(windowed.statusCode()).isEqualTo(429);
        assertThat(windowed.headers().firstValue("Retry-After")).as("about 10 s to the next permit, capped at 5 s")
                .hasValue("5");
    }

    @Test
    void anOpenBreakerIsAnswered503AfterItsSleepWindow() throws Exception {
        HttpResponse<String> open = get(a(), "/broken/ok");
        assertThat(open.statusCode()).isEqualTo(503);
        assertThat(open.headers().firstValue("Retry-After")).hasValue("3");
        assertThat(open.body()).contains("SHORT_CIRCUITED");
    }

    @Test
    void theHandlersOwnAnswersPassThroughAndOnlyServerErrorsCountAsFailures() throws Exception {
        long failures = count(a(), "api", EventType.FAILURE);
        long successes = count(a(), "api", EventType.SUCCESS);
        HttpResponse<String> failed = get(a(), "/api/fail");
        assertThat(failed.statusCode()).as("the application's own 500").isEqualTo(500);
        assertThat(failed.headers().firstValue("Retry-After")).isEmpty();
        assertThat(get(a(), "/api/missing").statusCode()).isEqualTo(404);
        assertThat(get(a(), "/api/status?code=400").statusCode()).isEqualTo(400);
        HttpResponse<String> unavailable = get(a(), "/api/status?code=503");
        assertThat(unavailable.statusCode()).isEqualTo(503);
        assertThat(unavailable.body()).as("the handler's own 503, unchanged").isEqualTo("status 503");
        assertThat(get(a(), "/api/ok").body()).isEqualTo("ok");
        Await.until("five outcomes recorded", () -> count(a(), "api", EventType.FAILURE) - failures
                + count(a(), "api", EventType.SUCCESS) - successes == 5);
        assertThat(count(a(), "api", EventType.FAILURE) - failures).as("the exception and the 503").isEqualTo(2);
        assertThat(count(a(), "api", EventType.SUCCESS) - successes).as("404, 400 and 200").isEqualTo(3);
    }

    void theLevelIsReadCappedAndCountedNeverAnError(String levelOf, List<String> expected) throws Exception {
        double missing = counter(a(), "missing");
        double invalid = counter(a(), "invalid");
        double capped = counter(a(), "capped");
        assertThat(get(a(), "/api/level", HEADER, "sheddable-plus").body()).isEqualTo(expected.get(0));
        assertThat(get(a(), "/api/level", HEADER, "critical_plus").body()).isEqualTo(expected.get(1));
        assertThat(get(a(), "/api/level").body()).as("missing: the default").isEqualTo(expected.get(2));
        assertThat(get(a(), "/api/level", HEADER, "urgent!!").body()).as("invalid: the default").isEqualTo(expected.get(2));
        assertThat(get(a(), "/capped/level", HEADER, "CRITICAL_PLUS").body()).as("capped").isEqualTo(expected.get(3));
        assertThat(get(a(), "/unguarded/level", HEADER, "CRITICAL_PLUS").body()).as("a path under no route: capped at the default")
                .isEqualTo(expected.get(2));
        assertThat(get(a(), "/unguarded/level", HEADER, "Sheddable").body()).as("a path under no route: its level still set")
                .isEqualTo("SHEDDABLE/SHEDDABLE");
        assertThat(counter(a(), "missing") - missing).isEqualTo(1);
        assertThat(counter(a(), "invalid") - invalid).isEqualTo(1);
        assertThat(counter(a(), "capped") - capped).isEqualTo(2);
    }

    void theLevelTravelsToServiceBByRestClientAndWebClientCappedWhereAAllowsLess(String expectedRelay) throws Exception {
        String b = InboundClient.base(b());
        assertThat(get(a(), "/api/relay?url=" + b + "/api/level", HEADER, "CRITICAL_PLUS").body())
                .isEqualTo(expectedRelay.replace("L", "CRITICAL_PLUS"));
        assertThat(get(a(), "/api/relay?url=" + b + "/api/level", HEADER, "SHEDDABLE").body())
                .isEqualTo(expectedRelay.replace("L", "SHEDDABLE"));
        assertThat(get(a(), "/capped/relay?url=" + b + "/api/level", HEADER, "CRITICAL_PLUS").body())
                .as("A's path allows SHEDDABLE_PLUS at most").isEqualTo(expectedRelay.replace("L", "SHEDDABLE_PLUS"));
        double cappedAtB = counter(b(), "capped");
        assertThat(get(a(), "/api/relay?url=" + b + "/capped/level", HEADER, "CRITICAL").body())
                .as("B's path allows SHEDDABLE at most").isEqualTo(expectedRelay.replace("L", "SHEDDABLE"));
        assertThat(counter(b(), "capped") - cappedAtB).as("counted at B, once per call").isEqualTo(2);
    }
}
