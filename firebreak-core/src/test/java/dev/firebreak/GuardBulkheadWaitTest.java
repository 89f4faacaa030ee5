package dev.firebreak;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.attempt.Admission;
import dev.firebreak.event.EventType;
import dev.firebreak.support.GuardFixture;
import dev.firebreak.testkit.Await;
import dev.firebreak.testkit.Gate;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A guard whose full bulkhead waits for a permit ({@code execution.isolation.*.maxWaitInMilliseconds}):
 * a synchronous SEMAPHORE caller parks, an asynchronous call is queued without blocking its submitter,
 * and either runs once a permit comes back or is refused with the bulkhead's usual event. The wait
 * counts in the timeout.
 */
@ExtendWith(GuardFixture.Extension.class)
class GuardBulkheadWaitTest {

    private static Guard semaphore(GuardFixture fixture, int waitMillis, int timeoutMillis) {
        return fixture.guard("waits").isolation(Isolation.semaphore(1)).configure(c -> c
                .isolation(iso -> iso.semaphoreMaxWait(Duration.ofMillis(waitMillis)))
                .timeout(t -> t.timeout(Duration.ofMillis(timeoutMillis)))).build();
    }

    /** A caller on a thread of its own (the common pool may have a single thread on a small machine). */
    private static <T> CompletableFuture<T> onItsOwnThread(Supplier<T> caller) {
        CompletableFuture<T> outcome = new CompletableFuture<>();
        Thread.ofPlatform().daemon().start(() -> {
            try {
                outcome.complete(caller.get());
            } catch (Throwable t) {
                outcome.completeExceptionally(t);
            }
        });
        return outcome;
    }

    @Test
    void aSynchronousCallerWaitsForThePermitThenRuns(GuardFixture fixture) throws Exception {
        Guard guard = semaphore(fixture, 100, 1000);
        Gate gate = new Gate();
        CompletableFuture<String> first = onItsOwnThread(() -> guard.execute(gate.call("first")));
        gate.awaitEntered(1);
        CompletableFuture<String> second = onItsOwnThread(() -> guard.execute(() -> "second"));
        Await.until("the second caller waits", () -> guard.controls().isolator().waiting() == 1);

        gate.open();

        assertThat(first.get(10, TimeUnit.SECONDS)).isEqualTo("first");
        assertThat(second.get(10, TimeUnit.SECONDS)).isEqualTo("second");
        fixture.awaitCalls(2);
        assertThat(fixture.count(EventType.SUCCESS)).isEqualTo(2);
        assertThat(guard.controls().isolator().admittedAfterWait()).isEqualTo(1);
    }

    @Test
    void aSynchronousCallerIsRefusedAtTheDeadlineAsByAFullBulkhead(GuardFixture fixture) throws Exception {
        Guard guard = semaphore(fixture, 100, 1000);
        Gate gate = new Gate();
        CompletableFuture<String> first = onItsOwnThread(() -> guard.execute(gate.call("first")));
        gate.awaitEntered(1);
        CompletableFuture<String> second = onItsOwnThread(() -> guard.execute(() -> "second", f -> "refused"));
        Await.until("the second caller waits", () -> guard.controls().isolator().waiting() == 1);

        fixture.clock().advance(Duration.ofMillis(100));

        assertThat(second.get(10, TimeUnit.SECONDS)).isEqualTo("refused");
        fixture.awaitCalls(1);
        assertThat(fixture.count(EventType.SEMAPHORE_REJECTED)).isEqualTo(1);
        assertThat(guard.controls().isolator().refusedAfterWait()).as("told apart from a refusal at once").isEqualTo(1);
        gate.open();
        assertThat(first.get(10, TimeUnit.SECONDS)).isEqualTo("first");
    }

    @Test
    void anAsynchronousCallIsQueuedWithoutBlockingAndStartsWhenThePermitComesBack(GuardFixture fixture)
            throws Exception {
        Guard guard = semaphore(fixture, 100, 1000);
        CompletableFuture<String> firstStage = new CompletableFuture<>();
        CompletableFuture<String> first = guard.submitAsync(() -> firstStage);
        AtomicInteger secondStarted = new AtomicInteger();
        Supplier<CompletionStage<String>> second = () -> {
            secondStarted.incrementAndGet();
            return CompletableFuture.completedFuture("second");
        };

        CompletableFuture<String> queued = guard.submitAsync(second); // returns at once: this thread never parks

        assertThat(queued).isNotDone();
        assertThat(secondStarted).hasValue(0);
        assertThat(guard.controls().isolator().waiting()).isEqualTo(1);
        firstStage.complete("first");
        assertThat(first.get(10, TimeUnit.SECONDS)).isEqualTo("first");
        assertThat(queued.get(10, TimeUnit.SECONDS)).isEqualTo("second");
        assertThat(secondStarted).hasValue(1);
        fixture.awaitCalls(2);
        assertThat(fixture.count(EventType.SUCCESS)).isEqualTo(2);
    }

    @Test
    void aQueuedAsynchronousCallIsRefusedAtItsDeadline(GuardFixture fixture) throws Exception {
        Guard guard = semaphore(fixture, 100, 1000);
        CompletableFuture<String> firstStage = new CompletableFuture<>();
        guard.submitAsync(() -> firstStage);
        AtomicInteger started = new AtomicInteger();
        CompletableFuture<String> queued = guard.submitAsync(() -> {
            started.incrementAndGet();
            return CompletableFuture.completedFuture("never");
        }, f -> "refused: " + f.event());

        fixture.clock().advance(Duration.ofMillis(100));

        assertThat(queued.get(10, TimeUnit.SECONDS)).isEqualTo("refused: SEMAPHORE_REJECTED");
        firstStage.complete("first");
        fixture.awaitCalls(2);
        assertThat(started).hasValue(0);
        assertThat(guard.controls().isolator().refusedAfterWait()).isEqualTo(1);
    }

    @Test
    void aCallCancelledWhileQueuedNeverStartsAndItsPermitGoesBack(GuardFixture fixture) throws Exception {
        Guard guard = semaphore(fixture, 100, 1000);
        CompletableFuture<String> firstStage = new CompletableFuture<>();
        guard.submitAsync(() -> firstStage);
        AtomicInteger started = new AtomicInteger();
        CompletableFuture<String> queued = guard.submitAsync(() -> {
            started.incrementAndGet();
            return CompletableFuture.completedFuture("never");
        });

        assertThat(queued.cancel(true)).isTrue();
        firstStage.complete("first");

        fixture.awaitCalls(2);
        assertThat(started).hasValue(0);
        assertThat(guard.controls().permitsInFlight()).isZero();
        assertThat(fixture.count(EventType.CANCELLED)).isEqualTo(1);
    }

    @Test
    void theWaitCountsInTheTimeout(GuardFixture fixture) throws Exception {
        Guard guard = semaphore(fixture, 500, 100); // the wait is cut to the timeout
        CompletableFuture<String> firstStage = new CompletableFuture<>();
        guard.submitAsync(() -> firstStage);
        CompletableFuture<String> secondStage = new CompletableFuture<>();
        CompletableFuture<String> queued = guard.submitAsync(() -> secondStage, f -> f.event().name());
        assertThat(fixture.clock().pendingDelays()).as("the first call's timeout, the wait's deadline")
                .containsExactly(100_000_000L, 100_000_000L);

        fixture.clock().advance(Duration.ofMillis(40));
        firstStage.complete("first");

        assertThat(fixture.clock().pendingDelays()).as("what is left of the second call's timeout")
                .containsExactly(60_000_000L);
        fixture.clock().advance(Duration.ofMillis(60));
        assertThat(queued.get(10, TimeUnit.SECONDS)).isEqualTo("TIMEOUT");
        secondStage.complete("late");
        fixture.awaitCalls(2);
    }

    /** An attempt policy held until the work ends, beside the isolation: what it was given back, in order. */
    private static final class WorkHeld implements Admission {
        final List<String> exits = new CopyOnWriteArrayList<>();
        final AtomicInteger entered = new AtomicInteger();

        @Override
        public Object enter(long nowNanos) {
            return "permit " + entered.incrementAndGet();
        }

        @Override
        public EventType refusal() {
            return EventType.LIMIT_REJECTED;
        }

        @Override
        public void exit(Object permit, EventType event, long executionNanos, long nowNanos) {
            exits.add(permit + " " + event);
        }

        @Override
        public Hold hold() {
            return Hold.UNTIL_WORK_ENDS;
        }
    }

    @Test
    void aQueuedCallKeepsTheOtherWorkHeldPermitsUntilItEndsOrExpires(GuardFixture fixture) throws Exception {
        WorkHeld policy = new WorkHeld();
        Guard guard = fixture.guard("shared-hold").isolation(Isolation.semaphore(1)).attemptPolicy(policy)
                .configure(c -> c.isolation(iso -> iso.semaphoreMaxWait(Duration.ofMillis(100)))).build();
        CompletableFuture<String> firstStage = new CompletableFuture<>();
        guard.submitAsync(() -> firstStage);
        CompletableFuture<String> secondStage = new CompletableFuture<>();
        CompletableFuture<String> second = guard.submitAsync(() -> secondStage);
        CompletableFuture<String> third = guard.submitAsync(() -> CompletableFuture.completedFuture("never"),
                f -> f.event().name());
        assertThat(policy.exits).as("queued calls hold their other permits").isEmpty();

        firstStage.complete("first");
        assertThat(policy.exits).containsExactly("permit 1 SUCCESS");
        fixture.clock().advance(Duration.ofMillis(100)); // the third's wait runs out; the second runs on
        assertThat(third.get(10, TimeUnit.SECONDS)).isEqualTo("SEMAPHORE_REJECTED");
        assertThat(policy.exits).containsExactly("permit 1 SUCCESS", "permit 3 SEMAPHORE_REJECTED");
        secondStage.complete("second");
        assertThat(second.get(10, TimeUnit.SECONDS)).isEqualTo("second");
        assertThat(policy.exits).containsExactly("permit 1 SUCCESS", "permit 3 SEMAPHORE_REJECTED", "permit 2 SUCCESS");
        fixture.awaitCalls(3);
    }

    @Test
    void virtualIsolationQueuesEvenASynchronousCaller(GuardFixture fixture) throws Exception {
        Guard guard = fixture.guard("virtual").isolation(Isolation.virtualThreads(1))
                .configure(c -> c.isolation(iso -> iso.virtualMaxWait(Duration.ofMillis(100)))).build();
        Gate gate = new Gate();
        CompletableFuture<String> first = guard.submit(gate.call("first"));
        gate.awaitEntered(1);
        CompletableFuture<String> second = onItsOwnThread(() -> guard.execute(() -> "second"));
        Await.until("the second call is queued", () -> guard.controls().isolator().waiting() == 1);

        gate.open();

        assertThat(first.get(10, TimeUnit.SECONDS)).isEqualTo("first");
        assertThat(second.get(10, TimeUnit.SECONDS)).isEqualTo("second");
        fixture.awaitCalls(2);
        assertThat(fixture.count(EventType.SUCCESS)).isEqualTo(2);
    }

    @Test
    void aBadWaitIsRefusedNamingKeyValueAndRule() {
        try {
            dev.firebreak.isolation.IsolationConfig.builder().semaphoreMaxWait(Duration.ofMillis(60_001)).build();
            throw new AssertionError("accepted");
        } catch (dev.firebreak.config.InvalidConfigException refused) {
            assertThat(refused.getMessage()).contains("execution.isolation.semaphore.maxWaitInMilliseconds", "60001",
                    "between 0 and 60000");
        }
        assertThat(dev.firebreak.isolation.IsolationConfig.defaults().semaphoreMaxWait()).isZero();
        assertThat(dev.firebreak.isolation.IsolationConfig.defaults().virtualMaxWait()).isZero();
    }
}
