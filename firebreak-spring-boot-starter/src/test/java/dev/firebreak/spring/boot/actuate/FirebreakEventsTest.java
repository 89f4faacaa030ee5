package dev.firebreak.spring.boot.actuate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.limit.LimitConfig;
import dev.firebreak.limit.LimitKind;
import dev.firebreak.live.DynamicConfiguration;
import dev.firebreak.live.MapPropertySource;
import dev.firebreak.testkit.ManualClock;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The feed on the manual clock: what each guard's listeners record, per kind, and what leaves with a guard. */
class FirebreakEventsTest {

    private final ManualClock clock = new ManualClock();
    private final GuardRegistry registry = GuardRegistry.builder().clock(clock).build();
    private final FirebreakEvents feed = new FirebreakEvents(3, Clock.fixed(Instant.EPOCH, ZoneOffset.UTC));

    @AfterEach
    void close() {
        feed.close();
    }

    /** A failed call that ran 1 ms on the manual clock (an adaptive limit ignores samples that took no time). */
    private void fail(Guard guard) {
        guard.execute(() -> {
            clock.advance(java.time.Duration.ofMillis(1));
            throw new IllegalStateException("down");
        }, failure -> "fallback");
    }

    @Test
    void breakerTransitionsSurviveAFloodOfFailedCallsAndPlainSuccessesAreNotKept() {
        Guard early = registry.guard("early").isolation(Isolation.semaphore(5))
                .configure(c -> c.breaker(b -> b.requestVolumeThreshold(2).errorThresholdPercentage(50))).build();
        feed.attach(registry); // a guard built before attaching is followed too
        long t0 = clock.read();
        early.execute(() -> "fine");
        for (int i = 0; i < 10; i++) {
            fail(early);
        }
        List<PolicyEvent> transitions = feed.events("early", PolicyEvent.Kind.STATE_TRANSITION);
        assertThat(transitions).singleElement().satisfies(event -> {
            assertThat(event.details()).containsEntry("from", "CLOSED").containsEntry("to", "OPEN");
            assertThat(event.atNanos() - t0).isBetween(0L, 1_000_000L); // the first failure's, which ran 1 ms
            assertThat(event.time()).isEqualTo(Instant.EPOCH);
        });
        List<PolicyEvent> calls = feed.events("early", PolicyEvent.Kind.CALL);
        assertThat(calls).hasSize(3); // the capacity per kind: the last three short-circuits
        assertThat(calls).allSatisfy(event -> assertThat(event.details().get("events"))
                .isEqualTo(List.of("SHORT_CIRCUITED", "FALLBACK_SUCCESS")));
        assertThat(feed.events(null, null)).extracting(PolicyEvent::id).isSorted();
    }

    @Test
    void limitChangesAreRecordedAndAGuardThatLeavesTakesItsEventsAndListenersWithIt() {
        feed.attach(registry);
        Guard adaptive = registry.guard("adaptive").isolation(Isolation.semaphore(50))
                .adaptiveLimit(LimitConfig.builder().algorithm(LimitKind.AIMD).initialLimit(4).minLimit(2).maxLimit(10).build())
                .build(); // built after attaching: followed from its added event
        fail(adaptive);
        assertThat(feed.events("adaptive", PolicyEvent.Kind.LIMIT_CHANGED)).singleElement()
                .satisfies(event -> assertThat(event.details()).containsEntry("from", 4).containsEntry("to", 3));

        registry.remove("adaptive");
        assertThat(feed.events("adaptive", null)).isEmpty();
        fail(adaptive); // its listeners are gone: nothing comes back
        assertThat(feed.events("adaptive", null)).isEmpty();
    }

    @Test
    void aCapacityBelowOneIsRefusedNamingTheProperty() {
        assertThatThrownBy(() -> new FirebreakEvents(0, Clock.systemUTC()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("firebreak.events.capacity = 0").hasMessageContaining("at least 1");
    }

    @Test
    void eachLiveChangeOrRefusalOfAGuardIsKeptAsItsAuditRecord() {
        MapPropertySource store = new MapPropertySource("store");
        try (DynamicConfiguration configuration = DynamicConfiguration.builder(registry).source(store)
                .pollInterval(Duration.ZERO).build()) {
            registry.guard("orders").isolation(Isolation.semaphore(5)).build();
            feed.attach(registry);
            String key = "firebreak.command.orders.execution.isolation.thread.timeoutInMilliseconds";

            store.set(key, "250");
            store.set(key, "-5");

            List<PolicyEvent> audit = feed.events("orders", PolicyEvent.Kind.CONFIGURATION);
            assertThat(audit).hasSize(2);
            assertThat(audit.get(0).details()).containsEntry("event", "APPLIED")
                    .containsEntry("property", "execution.isolation.thread.timeoutInMilliseconds")
                    .containsEntry("origin", key).containsEntry("value", "250").containsEntry("previous", "1000");
            assertThat(audit.get(1).details()).containsEntry("event", "REFUSED").containsEntry("value", "-5")
                    .doesNotContainKey("previous");
            assertThat((String) audit.get(1).details().get("message")).contains(key + " = -5", "keeping 250");
            assertThat(audit).allSatisfy(event -> assertThat(event.policyType()).isEqualTo("guard"));
        }
    }
}
