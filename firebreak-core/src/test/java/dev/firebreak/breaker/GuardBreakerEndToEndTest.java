package dev.firebreak.breaker;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.ShortCircuitedException;
import dev.firebreak.event.EventType;
import dev.firebreak.metrics.GuardMetricsSnapshot;
import dev.firebreak.testkit.ManualClock;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * Through a real Guard on a manual clock: the breaker trips on the 20th failure, the 21st call is
 * short-circuited without running, the sleep window passes by clock.advance, a trial decides. And the
 * engine reports a trial's outcome on every path (cancelled, timed out, rejected), so the circuit is
 * never left half-open.
 */
class GuardBreakerEndToEndTest {

    private final ManualClock clock = new ManualClock(Long.MAX_VALUE - 3_000_000_000L);
    private final GuardRegistry registry = GuardRegistry.builder().clock(clock).build();
    private final List<String> transitions = new ArrayList<>();

    private int guards;

    private Guard guard(Isolation isolation) {
        return guard(registry, isolation);
    }

    private Guard guard(GuardRegistry in, Isolation isolation) {
        Guard guard = in.guard("dependency-" + ++guards).isolation(isolation).build();
        guard.controls().circuitBreaker().addStateListener((from, to, at) -> transitions.add(from + ">" + to));
        return guard;
    }

    private static String fail() throws IOException {
        throw new IOException("down");
    }

    private void trip(Guard guard) {
        for (int i = 0; i < 20; i++) {
            assertThat(guard.execute(GuardBreakerEndToEndTest::fail, failure -> "fallback")).isEqualTo("fallback");
        }
        assertThat(guard.controls().circuitBreaker().state()).isEqualTo(CircuitState.OPEN);
    }

    @Test
    void twentyFailuresThenShortCircuitThenSleepThenTrialThenClosed() {
        Guard guard = guard(Isolation.semaphore(10));
        for (int i = 0; i < 19; i++) {
            guard.execute(GuardBreakerEndToEndTest::fail, failure -> "fallback");
            assertThat(guard.controls().circuitBreaker().state()).isEqualTo(CircuitState.CLOSED);
        }
        guard.execute(GuardBreakerEndToEndTest::fail, failure -> "fallback");
        assertThat(transitions).containsExactly("CLOSED>OPEN");

        AtomicBoolean ran = new AtomicBoolean();
        AtomicReference<Throwable> seen = new AtomicReference<>();
        String value = guard.execute(() -> {
            ran.set(true);
            return "live";
        }, failure -> {
            seen.set(failure);
            return "fallback";
        });
        assertThat(value).isEqualTo("fallback");
        assertThat(ran).as("the 21st call never ran").isFalse();
        assertThat(seen.get()).isInstanceOf(ShortCircuitedException.class);
        assertThat(clock.pendingTasks()).as("nothing waits on a timer").isZero();

        clock.advance(Duration.ofMillis(4_999));
        assertThat(guard.execute(() -> "live", failure -> "fallback")).isEqualTo("fallback");
        clock.advance(Duration.ofMillis(1));
        assertThat(guard.execute(() -> "live", failure -> "fallback")).as("the trial").isEqualTo("live");
        assertThat(transitions).containsExactly("CLOSED>OPEN", "OPEN>HALF_OPEN", "HALF_OPEN>CLOSED");
        assertThat(guard.execute(() -> "live", failure -> "fallback")).isEqualTo("live");

        GuardMetricsSnapshot snapshot = guard.controls().metrics().snapshot();
        assertThat(snapshot.rolling().get(EventType.FAILURE)).isEqualTo(20);
        assertThat(snapshot.rolling().get(EventType.SHORT_CIRCUITED)).isEqualTo(2);
        assertThat(snapshot.rolling().get(EventType.SUCCESS)).isEqualTo(2);
        assertThat(snapshot.health().errorPercentage()).isEqualTo(90);
        assertThat(snapshot.circuitOpen()).isFalse();
    }

    @Test
    void aCancelledTrialIsReportedAndReopensTheCircuit() throws Exception {
        Guard guard = guard(Isolation.virtualThreads(10));
        trip(guard);
        clock.advance(Duration.ofSeconds(5));
        CountDownLatch running = new CountDownLatch(1);
        CountDownLatch never = new CountDownLatch(1);
        CompletableFuture<String> trial = guard.submit(() -> {
            running.countDown();
            never.await(10, TimeUnit.SECONDS);
            return "late";
        });
        assertThat(running.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(guard.controls().circuitBreaker().state()).isEqualTo(CircuitState.HALF_OPEN);
        assertThat(trial.cancel(true)).isTrue();
        assertThat(guard.controls().circuitBreaker().state()).isEqualTo(CircuitState.OPEN);
        never.countDown();
        clock.advance(Duration.ofSeconds(5));
        assertThat(guard.submit(() -> "ok").get(10, TimeUnit.SECONDS)).isEqualTo("ok");
        assertThat(guard.controls().circuitBreaker().state()).isEqualTo(CircuitState.CLOSED);
    }

    @Test
    void aTimedOutTrialIsReportedAndReopensTheCircuit() throws Exception {
        Guard guard = guard(Isolation.virtualThreads(10));
        trip(guard);
        clock.advance(Duration.ofSeconds(5));
        CountDownLatch running = new CountDownLatch(1);
        CompletableFuture<String> trial = guard.submit(() -> {
            running.countDown();
            new CountDownLatch(1).await(10, TimeUnit.SECONDS); // interrupted by the timeout
            return "late";
        }, failure -> "fallback");
        assertThat(running.await(10, TimeUnit.SECONDS)).isTrue();
        clock.advance(Duration.ofSeconds(1)); // the default 1 s timeout fires
        assertThat(trial.get(10, TimeUnit.SECONDS)).isEqualTo("fallback");
        assertThat(guard.controls().circuitBreaker().state()).isEqualTo(CircuitState.OPEN);
        assertThat(guard.controls().metrics().cumulativeCount(EventType.TIMEOUT)).isEqualTo(1);
    }

    @Test
    void aRejectedTrialIsReportedAndReopensTheCircuit() {
        Guard guard = guard(Isolation.semaphore(10));
        trip(guard);
        guard.controls().reconfigure(guard.controls().config().toBuilder().isolation(iso -> iso.semaphoreMaxConcurrentRequests(0)).build());
        clock.advance(Duration.ofSeconds(5));
        assertThat(guard.execute(() -> "live", failure -> "rejected")).isEqualTo("rejected");
        assertThat(guard.controls().metrics().cumulativeCount(EventType.SEMAPHORE_REJECTED)).isEqualTo(1);
        assertThat(transitions).endsWith("OPEN>HALF_OPEN", "HALF_OPEN>OPEN");
        guard.controls().reconfigure(guard.controls().config().toBuilder().isolation(iso -> iso.semaphoreMaxConcurrentRequests(10)).build());
        clock.advance(Duration.ofSeconds(5));
        assertThat(guard.execute(() -> "live", failure -> "fallback")).isEqualTo("live");
        assertThat(guard.controls().circuitBreaker().state()).isEqualTo(CircuitState.CLOSED);
    }

    @Test
    void aTrialWhoseTimeoutCannotBeScheduledIsStillReported() throws Exception {
        AtomicBoolean schedulerDown = new AtomicBoolean();
        dev.firebreak.time.Scheduler flaky = (delay, task) -> {
            if (schedulerDown.get()) {
                throw new java.util.concurrent.RejectedExecutionException("scheduler shut down");
            }
            return clock.schedule(delay, task);
        };
        GuardRegistry own = GuardRegistry.builder().ticker(clock).scheduler(flaky).build();
        Guard guard = guard(own, Isolation.virtualThreads(10));
        trip(guard);
        schedulerDown.set(true);
        clock.advance(Duration.ofSeconds(5));
        CompletableFuture<String> trial = guard.submit(() -> "never started", failure -> "fallback");
        assertThat(trial.get(10, TimeUnit.SECONDS)).isEqualTo("fallback");
        assertThat(guard.controls().circuitBreaker().state()).as("not stuck half-open").isEqualTo(CircuitState.OPEN);
        assertThat(guard.controls().permitsInFlight()).as("the isolation permit came back").isZero();
        schedulerDown.set(false);
        clock.advance(Duration.ofSeconds(5));
        assertThat(guard.submit(() -> "ok").get(10, TimeUnit.SECONDS)).isEqualTo("ok");
        assertThat(guard.controls().circuitBreaker().state()).isEqualTo(CircuitState.CLOSED);
    }

    @Test
    void forceOpenAppliesLiveThroughGuardReconfigure() {
        Guard guard = guard(Isolation.semaphore(10));
        guard.controls().reconfigure(guard.controls().config().toBuilder().breaker(cb -> cb.forceOpen(true)).build());
        assertThat(guard.execute(() -> "live", failure -> "fallback")).isEqualTo("fallback");
        assertThat(guard.controls().metrics().snapshot().circuitOpen()).isTrue();
        guard.controls().reconfigure(guard.controls().config().toBuilder().breaker(cb -> cb.forceOpen(false)).build());
        assertThat(guard.execute(() -> "live", failure -> "fallback")).isEqualTo("live");
    }
}
