package dev.firebreak.priority;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.Guard;
import dev.firebreak.GuardConfig;
import dev.firebreak.GuardException;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.PriorityRejectedException;
import dev.firebreak.context.Criticality;
import dev.firebreak.event.EventType;
import dev.firebreak.testkit.Await;
import dev.firebreak.testkit.ManualClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** A guard with priorities: refusals at the sheddable ceiling name the level; critical calls keep the reserve. */
class PriorityGuardTest {

    private final ManualClock clock = new ManualClock();
    private final GuardRegistry registry = GuardRegistry.builder().clock(clock).build();

    @Test
    void sheddableCallsStopAtTheTargetShareAndTheRefusalNamesTheirLevel() throws Exception {
        Guard guard = registry.guard("prio").isolation(Isolation.virtualThreads(10))
                .priorities(PriorityConfig.builder().enabled(true).targetUtilizationPercent(50).build()).build();
        CountDownLatch release = new CountDownLatch(1);
        List<CompletableFuture<String>> held = new ArrayList<>();
        try {
            for (int i = 0; i < 5; i++) {
                held.add(Criticality.SHEDDABLE.call(() -> guard.submit(() -> {
                    release.await();
                    return "held";
                })));
            }
            AtomicReference<GuardException> seen = new AtomicReference<>();
            String refused = Criticality.SHEDDABLE_PLUS.call(() -> guard.submit(() -> "ran", failure -> {
                seen.set(failure);
                return "fallback";
            }).get(10, TimeUnit.SECONDS));
            assertThat(refused).isEqualTo("fallback");
            assertThat(seen.get()).isInstanceOf(PriorityRejectedException.class);
            assertThat(seen.get().event()).isEqualTo(EventType.LIMIT_REJECTED);
            assertThat(((PriorityRejectedException) seen.get()).criticality()).isEqualTo(Criticality.SHEDDABLE_PLUS);
            assertThat(seen.get().getMessage()).contains("SHEDDABLE_PLUS");
            CompletableFuture<String> critical = Criticality.CRITICAL.call(() -> guard.submit(() -> {
                release.await();
                return "critical";
            }));
            assertThat(guard.controls().priorities().inFlight(Criticality.CRITICAL)).isEqualTo(1);
            assertThat(guard.controls().priorities().rejected(Criticality.SHEDDABLE_PLUS)).isEqualTo(1);
            assertThat(guard.controls().priorities().rejected(Criticality.CRITICAL)).isZero();
            release.countDown();
            assertThat(critical.get(10, TimeUnit.SECONDS)).isEqualTo("critical");
        } finally {
            release.countDown();
            for (CompletableFuture<String> f : held) {
                f.get(10, TimeUnit.SECONDS);
            }
        }
        assertThat(guard.controls().priorities().inFlight()).isZero();
    }

    @Test
    void withAnIsolationWaitCriticalCallsQueueAtAFullLimitAndSheddableOnesAreStillRefused() throws Exception {
        Guard guard = registry.guard("waits").isolation(Isolation.virtualThreads(2))
                .priorities(PriorityConfig.builder().enabled(true).targetUtilizationPercent(50).build()).build();
        CountDownLatch release = new CountDownLatch(1);
        List<CompletableFuture<String>> calls = new ArrayList<>();
        try {
            for (int i = 0; i < 2; i++) {
                calls.add(Criticality.CRITICAL_PLUS.call(() -> guard.submit(() -> {
                    release.await();
                    return "held";
                })));
            }
            Throwable refusedWithoutWait = Criticality.CRITICAL_PLUS.call(() -> guard.submit(() -> "ran").handle((v, t) -> t)
                    .get(10, TimeUnit.SECONDS));
            assertThat(refusedWithoutWait).as("no wait in force: a full limit refuses even CRITICAL_PLUS")
                    .isInstanceOf(PriorityRejectedException.class);

            guard.controls().reconfigure(guard.controls().config().toBuilder()
                    .isolation(i -> i.virtualMaxWait(Duration.ofMillis(100))).build());
            calls.add(Criticality.CRITICAL_PLUS.call(() -> guard.submit(() -> "plus waited")));
            calls.add(Criticality.CRITICAL.call(() -> guard.submit(() -> "critical waited")));
            Await.until("both critical calls wait for a permit", () -> guard.controls().isolator().waiting() == 2);
            Throwable sheddable = Criticality.SHEDDABLE_PLUS.call(() -> guard.submit(() -> "ran").handle((v, t) -> t)
                    .get(10, TimeUnit.SECONDS));
            assertThat(sheddable).as("sheddable calls never wait").isInstanceOfSatisfying(PriorityRejectedException.class,
                    e -> assertThat(e.criticality()).isEqualTo(Criticality.SHEDDABLE_PLUS));
            assertThat(guard.controls().priorities().inFlight()).as("two running, two waiting").isEqualTo(4);
            assertThat(guard.controls().priorities().inFlight(Criticality.CRITICAL)).isEqualTo(1);

            release.countDown();
            List<String> results = new ArrayList<>();
            for (CompletableFuture<String> call : calls) {
                results.add(call.get(10, TimeUnit.SECONDS));
            }
            assertThat(results).containsExactly("held", "held", "plus waited", "critical waited");
            assertThat(guard.controls().isolator().admittedAfterWait()).isEqualTo(2);
            assertThat(guard.controls().priorities().rejected(Criticality.CRITICAL_PLUS)).isEqualTo(1);
            assertThat(guard.controls().priorities().rejected(Criticality.CRITICAL)).isZero();
        } finally {
            release.countDown();
        }
        Await.until("every place given back", () -> guard.controls().priorities().inFlight() == 0);
    }

    @Test
    void aCriticalCallThatWaitsPastTheIsolationsWaitIsRefusedAndGivesItsPlaceBack() throws Exception {
        Guard guard = registry.guard("expires").isolation(Isolation.virtualThreads(1))
                .configure(c -> c.isolation(i -> i.virtualMaxWait(Duration.ofMillis(100))))
                .priorities(PriorityConfig.builder().enabled(true).build()).build();
        CountDownLatch release = new CountDownLatch(1);
        CompletableFuture<String> held = Criticality.CRITICAL.call(() -> guard.submit(() -> {
            release.await();
            return "held";
        }));
        try {
            CompletableFuture<Throwable> waiting = Criticality.CRITICAL.call(() -> guard.submit(() -> "ran").handle((v, t) -> t));
            Await.until("the critical call waits", () -> guard.controls().isolator().waiting() == 1);
            assertThat(waiting).isNotDone();

            clock.advance(Duration.ofMillis(100));

            assertThat(waiting.get(10, TimeUnit.SECONDS)).isInstanceOfSatisfying(GuardException.class,
                    e -> assertThat(e.event()).isEqualTo(EventType.LIMIT_REJECTED));
            assertThat(guard.controls().isolator().refusedAfterWait()).isEqualTo(1);
            assertThat(guard.controls().priorities().inFlight()).isEqualTo(1);
        } finally {
            release.countDown();
            held.get(10, TimeUnit.SECONDS);
        }
        Await.until("every place given back", () -> guard.controls().priorities().inFlight() == 0);
    }

    @Test
    void withoutPrioritiesNothingIsReadOrRefusedAndEnabledIsFixedAtCreation() throws Exception {
        Guard plain = registry.guard("plain").isolation(Isolation.semaphore(10)).build();
        assertThat(plain.controls().priorities().enabled()).isFalse();
        GuardConfig next = plain.controls().config().toBuilder().priority(p -> p.enabled(true).targetUtilizationPercent(60)).build();
        assertThat(plain.controls().reconfigure(next)).as("a fixed property differed").isFalse();
        assertThat(plain.controls().config().priority().enabled()).isFalse();
        assertThat(plain.controls().config().priority().targetUtilizationPercent()).isEqualTo(60);
        assertThat(Criticality.SHEDDABLE.call(() -> plain.execute(() -> "ok"))).isEqualTo("ok");
        assertThat(plain.controls().priorities().inFlight()).isZero();
        assertThat(plain.controls().priorities().rejected(Criticality.SHEDDABLE)).isZero();
    }

    @Test
    void fallbacksShareOneRefusalPerLevelAndACallerGetsItsOwn() throws Exception {
        Guard guard = registry.guard("shared").isolation(Isolation.virtualThreads(2))
                .priorities(PriorityConfig.builder().enabled(true).targetUtilizationPercent(50).build()).build();
        CountDownLatch release = new CountDownLatch(1);
        CompletableFuture<String> held = Criticality.CRITICAL.call(() -> guard.submit(() -> {
            release.await();
            return "held";
        }));
        try {
            List<GuardException> seen = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                Criticality.SHEDDABLE.call(() -> guard.submit(() -> "ran", failure -> {
                    seen.add(failure);
                    return "fallback";
                }).get(10, TimeUnit.SECONDS));
            }
            assertThat(seen.get(0)).as("one shared instance per level and limit").isSameAs(seen.get(1));
            GuardException later = seen.get(0).fallbackFailedLater(new IllegalStateException("later"));
            assertThat(later).isNotSameAs(seen.get(0)).isInstanceOfSatisfying(PriorityRejectedException.class,
                    e -> assertThat(e.criticality()).isEqualTo(Criticality.SHEDDABLE));
            Throwable thrown = Criticality.SHEDDABLE_PLUS.call(() -> guard.submit(() -> "ran").handle((v, t) -> t)
                    .get(10, TimeUnit.SECONDS));
            assertThat(thrown).isInstanceOfSatisfying(PriorityRejectedException.class,
                    e -> assertThat(e.criticality()).isEqualTo(Criticality.SHEDDABLE_PLUS));
        } finally {
            release.countDown();
            held.get(10, TimeUnit.SECONDS);
        }
    }
}
