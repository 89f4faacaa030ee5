package dev.firebreak.chaos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.firebreak.Guard;
import dev.firebreak.GuardException;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.context.RequestContext;
import dev.firebreak.event.EventType;
import dev.firebreak.event.Events;
import dev.firebreak.testkit.Await;
import dev.firebreak.testkit.Chaos;
import dev.firebreak.testkit.ManualClock;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The four kinds of fault on the manual clock, on the caller's thread (SEMAPHORE) and the hand-off paths
 * (virtual threads, non-blocking stages): what the caller gets, that the real call runs only when it
 * should, and the INJECTED marker in the events listeners and the request log see.
 */
class ChaosKindsTest {

    private final ManualClock clock = new ManualClock();
    private final GuardRegistry registry = Chaos.registry(clock, 7);
    private final List<Long> events = new CopyOnWriteArrayList<>();
    private final List<Long> totals = new CopyOnWriteArrayList<>();
    private final AtomicInteger realCalls = new AtomicInteger();

    @AfterEach
    void close() {
        registry.close();
    }

    private Guard guard(String name, Isolation isolation) {
        Guard guard = registry.guard(name).isolation(isolation).timeout(Duration.ofSeconds(1)).build();
        guard.controls().addListener((g, mask, execution, total) -> {
            totals.add(total);
            events.add(mask);
        });
        return guard;
    }

    private String real() {
        realCalls.incrementAndGet();
        return "real";
    }

    @Test
    void anExceptionFaultFailsTheCallWithAnInjectedFaultExceptionMarkedInjected() {
        Guard guard = guard("exception", Isolation.semaphore(5));
        Chaos.failEveryCall(guard);
        assertThat(guard.execute(this::real, failure -> failure.getCause().getClass().getSimpleName()))
                .isEqualTo("InjectedFaultException");
        assertThatThrownBy(() -> guard.execute(this::real)).isInstanceOf(GuardException.class)
                .hasCauseInstanceOf(InjectedFaultException.class);
        assertThat(realCalls).hasValue(0);
        assertThat(events).allSatisfy(mask -> assertThat(Events.toSet(mask)).contains(EventType.FAILURE, EventType.INJECTED));
        assertThat(guard.controls().chaos().injected(ChaosKind.EXCEPTION)).isEqualTo(2);
        assertThat(guard.controls().metrics().cumulativeCount(EventType.INJECTED)).isEqualTo(2);
    }

    @Test
    void aNamedExceptionIsThrownAsRegisteredAndTheRequestLogShowsTheMarker() {
        registry.chaosFaults().exception("io-down", () -> new IOException("injected: down"));
        Guard guard = guard("named", Isolation.semaphore(5));
        Chaos.inject(guard, c -> c.kind(ChaosKind.EXCEPTION).faults("io-down"));
        try (RequestContext ctx = RequestContext.open()) {
            assertThat(guard.execute(this::real, failure -> failure.getCause().getMessage())).isEqualTo("injected: down");
            assertThat(ctx.log().format()).isEqualTo("named[FAILURE, FALLBACK_SUCCESS, INJECTED][0ms]");
        }
    }

    @Test
    void aResultFaultReturnsTheSubstituteWithoutRunningTheCallOnEveryPath() throws Exception {
        registry.chaosFaults().result("empty", "substitute");
        for (Isolation isolation : List.of(Isolation.semaphore(5), Isolation.virtualThreads(5))) {
            Guard guard = guard("result-" + isolation.getClass().getSimpleName(), isolation);
            Chaos.inject(guard, c -> c.kind(ChaosKind.RESULT).faults("empty"));
            assertThat(guard.execute(this::real)).isEqualTo("substitute");
            assertThat(guard.submit(this::real).get(10, TimeUnit.SECONDS)).isEqualTo("substitute");
            assertThat(guard.submitAsync(() -> CompletableFuture.supplyAsync(this::real)).get(10, TimeUnit.SECONDS))
                    .isEqualTo("substitute");
        }
        assertThat(realCalls).hasValue(0);
        assertThat(events).hasSize(6).allSatisfy(mask -> assertThat(Events.toSet(mask))
                .containsExactlyInAnyOrder(EventType.SUCCESS, EventType.INJECTED));
    }

    @Test
    void aBehaviourRunsInTheCallsPlaceAndMayRunTheRealCall() throws Exception {
        registry.chaosFaults().behavior("shout", (guard, call) -> guard + ":" + String.valueOf(call.call()).toUpperCase());
        Guard guard = guard("behaviour", Isolation.semaphore(5));
        Chaos.inject(guard, c -> c.kind(ChaosKind.BEHAVIOR).faults("shout"));
        assertThat(guard.execute(this::real)).isEqualTo("behaviour:REAL");
        assertThat(realCalls).hasValue(1);
        assertThat(Events.toSet(events.getFirst())).containsExactlyInAnyOrder(EventType.SUCCESS, EventType.INJECTED);
    }

    @Test
    void latencyOnTheCallersThreadWaitsOnTheSchedulerThenRunsTheCall() throws Exception {
        Guard guard = guard("slow", Isolation.semaphore(5));
        Chaos.delayEveryCall(guard, Duration.ofMillis(300));
        CompletableFuture<String> call = CompletableFuture.supplyAsync(() -> guard.execute(this::real));
        Await.until("the delay is armed", () -> clock.pendingDelays().contains(Duration.ofMillis(300).toNanos()));
        assertThat(call).isNotDone();
        clock.advance(Duration.ofMillis(299));
        assertThat(call).isNotDone();
        assertThat(realCalls).hasValue(0);
        clock.advance(Duration.ofMillis(1));
        assertThat(call.get(10, TimeUnit.SECONDS)).isEqualTo("real");
        assertThat(Events.toSet(events.getFirst())).containsExactlyInAnyOrder(EventType.SUCCESS, EventType.INJECTED);
        assertThat(totals.getFirst()).as("the delay, on the manual clock").isEqualTo(Duration.ofMillis(300).toNanos());
    }

    @Test
    void latencyPastTheDeadlineOnTheCallersThreadIsARealTimeoutAtTheDeadline() throws Exception {
        Guard guard = guard("late", Isolation.semaphore(5));
        Chaos.delayEveryCall(guard, Duration.ofSeconds(5));
        CompletableFuture<String> call = CompletableFuture.supplyAsync(
                () -> guard.execute(this::real, failure -> failure.event().name()));
        long cut = Duration.ofSeconds(1).toNanos() + 1_000_000L; // the deadline, and a millisecond past it
        Await.until("the wait until the deadline is armed", () -> clock.pendingDelays().contains(cut));
        clock.advance(cut);
        assertThat(call.get(10, TimeUnit.SECONDS)).isEqualTo("TIMEOUT");
        assertThat(realCalls).as("the call past its deadline never runs").hasValue(0);
        assertThat(Events.toSet(events.getFirst())).contains(EventType.TIMEOUT, EventType.INJECTED);
    }

    @Test
    void latencyOnAVirtualThreadTimesOutByTheGuardsTimerAndTheWaitEndsWithTheInterrupt() throws Exception {
        Guard guard = guard("handoff", Isolation.virtualThreads(5));
        Chaos.delayEveryCall(guard, Duration.ofSeconds(5));
        CompletableFuture<String> call = guard.submit(this::real, failure -> failure.event().name());
        Await.until("the delay is armed", () -> clock.pendingDelays().contains(Duration.ofSeconds(5).toNanos()));
        clock.advance(Duration.ofSeconds(1));
        assertThat(call.get(10, TimeUnit.SECONDS)).isEqualTo("TIMEOUT");
        Await.until("the interrupted delay gives its permit back", () -> guard.controls().permitsInFlight() == 0);
        assertThat(realCalls).hasValue(0);
        assertThat(Events.toSet(events.getFirst())).contains(EventType.TIMEOUT, EventType.INJECTED);
    }

    @Test
    void latencyOnANonBlockingCallStartsItsStageAfterTheDelay() throws Exception {
        Guard guard = guard("stage", Isolation.semaphore(5));
        Chaos.delayEveryCall(guard, Duration.ofMillis(200));
        CompletableFuture<String> call = guard.submitAsync(() -> CompletableFuture.completedFuture(real()));
        assertThat(realCalls).hasValue(0);
        clock.advance(Duration.ofMillis(200));
        assertThat(call.get(10, TimeUnit.SECONDS)).isEqualTo("real");
        Await.until("the call is reported", () -> !events.isEmpty());
        assertThat(Events.toSet(events.getFirst())).containsExactlyInAnyOrder(EventType.SUCCESS, EventType.INJECTED);
    }

    @Test
    void withoutChaosNothingIsMarked() {
        Guard guard = guard("plain", Isolation.semaphore(5));
        assertThat(guard.execute(this::real)).isEqualTo("real");
        assertThat(Events.toSet(events.getFirst())).containsExactly(EventType.SUCCESS);
        assertThat(guard.controls().chaos().active()).isFalse();
    }
}
