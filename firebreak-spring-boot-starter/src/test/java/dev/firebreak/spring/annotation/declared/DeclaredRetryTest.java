package dev.firebreak.spring.annotation.declared;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.firebreak.CallFailedException;
import dev.firebreak.GuardRegistry;
import dev.firebreak.event.EventType;
import dev.firebreak.live.DynamicConfiguration;
import dev.firebreak.live.EffectiveProperty;
import dev.firebreak.retry.Retry;
import dev.firebreak.retry.RetryRegistry;
import dev.firebreak.spring.annotation.declared.DeclaredApplications.Orders;
import dev.firebreak.spring.boot.actuate.FirebreakEndpoint;
import java.util.List;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.MapPropertySource;
import reactor.core.publisher.Mono;

/**
 * A retry declared on {@code @Guarded}, in a real Spring context: the dependency's call count shows the
 * attempts, the fallback method answers once after the last one, attempts are not callers' outcomes on
 * the guard, the policy is the registry's (configured from {@code firebreak.retry.<name>.*}, live).
 */
class DeclaredRetryTest {

    /** Changed by the live test; the highest-precedence source. */
    private final Map<String, Object> live = new HashMap<>();
    private ConfigurableApplicationContext context;
    private Orders orders;
    private GuardRegistry registry;

    @BeforeEach
    void start() {
        String[] noWait = {"backoff.initialInMilliseconds=0", "backoff.maxInMilliseconds=0", "backoff.jitter=NONE",
                "budget.enabled=false", "throttle.enabled=false"};
        SpringApplicationBuilder builder = new SpringApplicationBuilder(DeclaredApplications.Retries.class)
                .web(WebApplicationType.NONE)
                .properties("spring.cloud.compatibility-verifier.enabled=false", "firebreak.config.poll-interval=0",
                        "firebreak.retry.orders-retry.maxAttempts=3", "firebreak.retry.orders-async-retry.maxAttempts=3",
                        "firebreak.retry.orders-mono-retry.maxAttempts=3",
                        "firebreak.retry.orders-bare-retry.maxAttempts=2",
                        "management.endpoints.web.exposure.include=firebreak");
        for (String policy : new String[] {"orders-retry", "orders-async-retry", "orders-mono-retry", "orders-bare-retry"}) {
            for (String key : noWait) {
                builder.properties("firebreak.retry." + policy + "." + key);
            }
        }
        builder.initializers(app -> app.getEnvironment().getPropertySources().addFirst(new MapPropertySource("live", live)));
        context = builder.run();
        orders = context.getBean(Orders.class);
        registry = context.getBean(GuardRegistry.class);
    }

    @AfterEach
    void stop() {
        context.close();
    }

    private long onGuard(String guard, EventType type) {
        return registry.find(guard).orElseThrow().controls().metrics().cumulativeCount(type);
    }

    private Retry retry(String name) {
        return RetryRegistry.of(registry).find(name).orElseThrow();
    }

    @Test
    void theRetryIsBuiltAtStartupThroughItsGuardAndConfiguredFromItsKeys() {
        Retry retry = retry("orders-retry");
        assertThat(retry.guard().name()).isEqualTo("orders");
        assertThat(retry.metrics().calls()).as("built before any call").isZero();
        EffectiveProperty maxAttempts = context.getBean(DynamicConfiguration.class).properties(retry).stream()
                .filter(p -> p.key().equals("maxAttempts")).findFirst().orElseThrow();
        assertThat(maxAttempts.value()).isEqualTo(3);
        assertThat(maxAttempts.origin()).isEqualTo("firebreak.retry.orders-retry.maxAttempts");
    }

    @Test
    @SuppressWarnings("unchecked")
    void theEndpointAndTheEventsFeedShowTheDeclaredRetryAsACodeBuiltOne() {
        FirebreakEndpoint endpoint = context.getBean(FirebreakEndpoint.class);
        Map<String, Object> retries = (Map<String, Object>) endpoint.firebreak().get("retries");
        assertThat((Map<String, Object>) retries.get("orders-retry")).containsEntry("guard", "orders");

        orders.failFirst(1);
        assertThat(orders.order("o-6")).isEqualTo("o-6 on call 2");
        Map<String, Object> feed = (Map<String, Object>) endpoint.guard("events", "orders-retry", "RETRY");
        List<Map<String, Object>> events = (List<Map<String, Object>>) feed.get("events");
        assertThat(events).singleElement().satisfies(event -> assertThat(event)
                .containsEntry("policy", "orders-retry").containsEntry("policyType", "retry"));
    }

    @Test
    void failedAttemptsAreRetriedThroughTheGuardUntilOneSucceeds() {
        orders.failFirst(2);
        assertThat(orders.order("o-1")).isEqualTo("o-1 on call 3");
        assertThat(orders.calls()).hasValue(3);
        assertThat(orders.fallbacks()).hasValue(0);
        assertThat(onGuard("orders", EventType.FAILURE)).isEqualTo(2);
        assertThat(onGuard("orders", EventType.SUCCESS)).isEqualTo(1);
        assertThat(retry("orders-retry").metrics().retried()).isEqualTo(2);
    }

    @Test
    void theFallbackAnswersOnceAfterTheLastAttemptAndNoAttemptIsAFallbackOnTheGuard() {
        orders.failFirst(Integer.MAX_VALUE);
        assertThat(orders.order("o-2")).isEqualTo("cached o-2 after down at call 3");
        assertThat(orders.calls()).as("maxAttempts = 3").hasValue(3);
        assertThat(orders.fallbacks()).hasValue(1);
        assertThat(onGuard("orders", EventType.FAILURE)).isEqualTo(3);
        assertThat(onGuard("orders", EventType.FALLBACK_MISSING)).isZero();
        assertThat(onGuard("orders", EventType.FALLBACK_SUCCESS)).isZero();
        assertThat(onGuard("orders", EventType.EXCEPTION_THROWN)).isZero();
        assertThat(retry("orders-retry").metrics().fallbacks()).isEqualTo(1);
    }

    @Test
    void withoutAFallbackTheLastAttemptsFailureReachesTheCaller() {
        assertThatThrownBy(() -> orders.bare("o-3"))
                .isInstanceOf(CallFailedException.class)
                .hasRootCauseMessage("always down");
        assertThat(orders.calls()).as("maxAttempts = 2").hasValue(2);
        assertThat(onGuard("orders-bare", EventType.FALLBACK_MISSING)).isZero();
    }

    @Test
    void aStageMethodIsRetriedAndFallsBackToTheFallbacksStageOnce() throws Exception {
        orders.failFirst(1);
        assertThat(orders.orderAsync("a-1").toCompletableFuture().get()).isEqualTo("a-1 on call 2");
        orders.failFirst(Integer.MAX_VALUE);
        assertThat(orders.orderAsync("a-2").toCompletableFuture().get()).isEqualTo("cached a-2 after down at call 5");
        assertThat(orders.calls()).hasValue(5);
        assertThat(orders.fallbacks()).hasValue(1);
        assertThat(onGuard("orders-async", EventType.FAILURE)).isEqualTo(4);
        assertThat(onGuard("orders-async", EventType.FALLBACK_MISSING)).isZero();
    }

    @Test
    void aMonoMethodIsRetriedPerSubscriptionAndFallsBackToTheFallbacksMonoOnce() {
        orders.failFirst(1);
        Mono<String> first = orders.orderMono("m-1");
        assertThat(orders.calls()).as("nothing before a subscription").hasValue(0);
        assertThat(first.block(Duration.ofSeconds(30))).isEqualTo("m-1 on call 2");
        orders.failFirst(Integer.MAX_VALUE);
        assertThat(orders.orderMono("m-2").block(Duration.ofSeconds(30))).isEqualTo("cached m-2 after down at call 5");
        assertThat(orders.calls()).hasValue(5);
        assertThat(orders.fallbacks()).hasValue(1);
        assertThat(onGuard("orders-mono", EventType.FAILURE)).isEqualTo(4);
        assertThat(onGuard("orders-mono", EventType.SUCCESS)).isEqualTo(1);
        assertThat(onGuard("orders-mono", EventType.FALLBACK_MISSING)).isZero();
        assertThat(retry("orders-mono-retry").metrics().calls()).isEqualTo(2);
    }

    @Test
    void aLivePropertyChangeAppliesToTheNextCall() {
        orders.failFirst(4);
        assertThat(orders.order("o-4")).isEqualTo("cached o-4 after down at call 3");

        live.put("firebreak.retry.orders-retry.maxAttempts", "5");
        context.getBean(DynamicConfiguration.class).refresh();
        orders.calls().set(0);

        assertThat(orders.order("o-5")).isEqualTo("o-5 on call 5");
        assertThat(retry("orders-retry").config().maxAttempts()).isEqualTo(5);
        assertThat(orders.fallbacks()).hasValue(1);
    }
}
