package dev.firebreak.spring.cloud;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.firebreak.GuardRegistry;
import dev.firebreak.GuardTimeoutException;
import dev.firebreak.ShortCircuitedException;
import dev.firebreak.event.EventType;
import dev.firebreak.spring.cloud.app.CloudApplication;
import dev.firebreak.spring.testing.SlowDownstream;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.cloud.client.circuitbreaker.CircuitBreakerFactory;
import org.springframework.cloud.client.circuitbreaker.NoFallbackAvailableException;
import org.springframework.cloud.client.circuitbreaker.ReactiveCircuitBreakerFactory;
import org.springframework.web.client.HttpServerErrorException;
import org.springframework.web.client.RestClient;
import org.springframework.web.reactive.function.client.WebClient;
import org.springframework.web.reactive.function.client.WebClientResponseException;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

/**
 * Spring Cloud CircuitBreaker's API, auto-configured over guards, used the documented way against a
 * real slow downstream with {@link RestClient} and {@link WebClient}.
 */
@SpringBootTest(classes = CloudApplication.class, webEnvironment = SpringBootTest.WebEnvironment.NONE,
        properties = {"spring.cloud.compatibility-verifier.enabled=false",
                "firebreak.command.from-yml.execution.isolation.thread.timeoutInMilliseconds=700"})
class SpringCloudCircuitBreakerTest {

    private static final SlowDownstream DOWNSTREAM = new SlowDownstream();
    private static final Duration WAIT = Duration.ofSeconds(30);

    @Autowired
    CircuitBreakerFactory<?, ?> factory;

    @Autowired
    ReactiveCircuitBreakerFactory<?, ?> reactiveFactory;

    @Autowired
    GuardRegistry registry;

    private final RestClient rest = RestClient.create(DOWNSTREAM.baseUrl());
    private final WebClient web = WebClient.create(DOWNSTREAM.baseUrl());

    @AfterAll
    static void stopDownstream() {
        DOWNSTREAM.close();
    }

    private String get(String path) {
        return rest.get().uri(path).retrieve().body(String.class);
    }

    private long count(String guard, EventType type) {
        return registry.find(guard).orElseThrow().controls().metrics().cumulativeCount(type);
    }

    @Test
    void theFactoriesAreFirebreaks() {
        assertThat(factory).isInstanceOf(FirebreakCircuitBreakerFactory.class);
        assertThat(reactiveFactory).isInstanceOf(FirebreakReactiveCircuitBreakerFactory.class);
    }

    @Test
    void aCallRunsUnderTheGuardNamedByTheId() {
        assertThat(factory.create("inventory").run(() -> get("/ok"), failure -> "fallback")).isEqualTo("ok");
        assertThat(count("inventory", EventType.SUCCESS)).isEqualTo(1);
        assertThat(registry.find("inventory").orElseThrow().controls().config().timeout().timeout().toMillis())
                .as("configureDefault").isEqualTo(5000);
    }

    @Test
    void aFailureGetsTheFallbackWithTheCallsOwnException() {
        String answer = factory.create("failing").run(() -> get("/fail"), failure -> "fallback after " + failure.getClass().getSimpleName());
        assertThat(answer).isEqualTo("fallback after InternalServerError");
    }

    @Test
    void withoutAFallbackTheCallerGetsNoFallbackAvailableException() {
        assertThatThrownBy(() -> factory.create("bare").run(() -> get("/fail")))
                .isInstanceOf(NoFallbackAvailableException.class)
                .hasCauseInstanceOf(HttpServerErrorException.InternalServerError.class);
    }

    @Test
    void theConfiguredTimeoutAnswersASlowDownstreamWithTheFallback() {
        Throwable[] seen = new Throwable[1];
        String answer = factory.create("slow").run(() -> get("/hang"), failure -> {
            seen[0] = failure;
            return "timed out";
        });
        assertThat(answer).isEqualTo("timed out");
        assertThat(seen[0]).isInstanceOf(GuardTimeoutException.class);
        assertThat(count("slow", EventType.TIMEOUT)).isEqualTo(1);
    }

    @Test
    void theBreakerOpensOnTheCallThatCrossesTheThresholdAndShortCircuitsTheNext() {
        for (int i = 0; i < 2; i++) {
            factory.create("flaky").run(() -> get("/fail"), failure -> "fallback");
        }
        Throwable[] seen = new Throwable[1];
        factory.create("flaky").run(() -> get("/ok"), failure -> {
            seen[0] = failure;
            return "short-circuited";
        });
        assertThat(seen[0]).isInstanceOf(ShortCircuitedException.class);
        assertThat(count("flaky", EventType.SHORT_CIRCUITED)).isEqualTo(1);
        assertThat(count("flaky", EventType.SUCCESS)).as("the downstream was not called").isZero();
    }

    @Test
    void applicationYmlOverridesTheCodesConfiguration() {
        factory.create("from-yml").run(() -> get("/ok"));
        assertThat(registry.find("from-yml").orElseThrow().controls().config().timeout().timeout().toMillis()).isEqualTo(700);
    }

    @Test
    void aMonoRunsUnderTheGuardAndFallsBack() {
        var breaker = reactiveFactory.create("reactive");
        StepVerifier.create(breaker.run(web.get().uri("/ok").retrieve().bodyToMono(String.class), failure -> Mono.just("fallback")))
                .expectNext("ok").expectComplete().verify(WAIT);
        StepVerifier.create(breaker.run(web.get().uri("/fail").retrieve().bodyToMono(String.class),
                        failure -> Mono.just("fallback after " + failure.getClass().getSimpleName())))
                .expectNext("fallback after InternalServerError").expectComplete().verify(WAIT);
        StepVerifier.create(breaker.run(web.get().uri("/fail").retrieve().bodyToMono(String.class)))
                .expectErrorSatisfies(error -> assertThat(error).isInstanceOf(NoFallbackAvailableException.class)
                        .hasCauseInstanceOf(WebClientResponseException.class))
                .verify(WAIT);
        assertThat(count("reactive", EventType.SUCCESS)).isEqualTo(1);
        assertThat(count("reactive", EventType.FAILURE)).isEqualTo(2);
    }

    @Test
    void aSlowMonoTimesOutIntoTheFallback() {
        StepVerifier.create(reactiveFactory.create("reactive-slow")
                        .run(web.get().uri("/hang").retrieve().bodyToMono(String.class),
                                failure -> Mono.just("timed out: " + failure.getClass().getSimpleName())))
                .expectNext("timed out: GuardTimeoutException").expectComplete().verify(WAIT);
        assertThat(count("reactive-slow", EventType.TIMEOUT)).isEqualTo(1);
    }

    @Test
    void aFluxIsOneGuardedCall() {
        StepVerifier.create(reactiveFactory.create("reactive-lines")
                        .run(web.get().uri("/lines").retrieve().bodyToFlux(String.class), failure -> reactor.core.publisher.Flux.just("fallback")))
                .expectNext("a", "b", "c").expectComplete().verify(WAIT);
        assertThat(count("reactive-lines", EventType.SUCCESS)).isEqualTo(1);
    }
}
