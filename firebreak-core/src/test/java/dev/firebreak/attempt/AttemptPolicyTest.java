package dev.firebreak.attempt;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.Guard;
import dev.firebreak.GuardException;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.event.EventType;
import dev.firebreak.testkit.ManualClock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * Adding an attempt policy takes one class (an {@link Admission}) and no change to the engine: the
 * pipeline enters it after the breaker, exits it once per permit, and turns its refusal into the
 * call's outcome and the fallback.
 */
class AttemptPolicyTest {

    /** The do-nothing policy: admits everything and records what the pipeline tells it. */
    static final class Recording implements Admission {
        final List<String> heard = new CopyOnWriteArrayList<>();
        final AtomicBoolean refuse = new AtomicBoolean();
        private final Hold hold;

        Recording(Hold hold) {
            this.hold = hold;
        }

        @Override
        public Object enter(long nowNanos) {
            heard.add("enter");
            return refuse.get() ? null : this;
        }

        @Override
        public EventType refusal() {
            return EventType.LIMIT_REJECTED;
        }

        @Override
        public void exit(Object permit, EventType event, long executionNanos, long nowNanos) {
            assertThat(permit).isSameAs(this);
            heard.add("exit " + event);
        }

        @Override
        public Hold hold() {
            return hold;
        }
    }

    private final ManualClock clock = new ManualClock();
    private final GuardRegistry registry = GuardRegistry.builder().clock(clock).build();

    @Test
    void aDoNothingPolicyChangesNoOutcomeAndIsExitedOncePerCall() {
        Recording policy = new Recording(Admission.Hold.UNTIL_OUTCOME);
        Guard guard = registry.guard("g").isolation(Isolation.semaphore(2)).attemptPolicy(policy).build();

        assertThat(guard.execute(() -> "value")).isEqualTo("value");
        String recovered = guard.execute(() -> {
            throw new IllegalStateException("down");
        }, failure -> "fallback");
        assertThat(recovered).isEqualTo("fallback");

        assertThat(policy.heard).containsExactly("enter", "exit SUCCESS", "enter", "exit FAILURE");
        assertThat(guard.controls().metrics().snapshot().cumulative().get(EventType.SUCCESS)).isEqualTo(1);
    }

    @Test
    void aRefusalIsTheCallsOutcomeAndLaterAdmissionsAreNotEntered() {
        Recording policy = new Recording(Admission.Hold.UNTIL_OUTCOME);
        policy.refuse.set(true);
        Guard guard = registry.guard("g").isolation(Isolation.semaphore(2)).attemptPolicy(policy).build();

        String result = guard.execute(() -> "never", failure -> {
            assertThat(failure.event()).isEqualTo(EventType.LIMIT_REJECTED);
            return "fallback";
        });

        assertThat(result).isEqualTo("fallback");
        assertThat(policy.heard).containsExactly("enter");
        assertThat(guard.controls().permitsInFlight()).as("the isolation was never entered").isZero();
        assertThat(guard.controls().metrics().snapshot().cumulative().get(EventType.LIMIT_REJECTED)).isEqualTo(1);
    }

    @Test
    void aWorkHeldPolicyIsGivenBackWhenTheCodeEndsNotAtTheTimeout() throws Exception {
        Recording policy = new Recording(Admission.Hold.UNTIL_WORK_ENDS);
        Guard guard = registry.guard("g").isolation(Isolation.virtualThreads(2)).timeout(Duration.ofMillis(100))
                .attemptPolicy(policy).build();
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch entered = new java.util.concurrent.CountDownLatch(1);

        var future = guard.submit(() -> {
            entered.countDown();
            while (true) {
                try {
                    release.await();
                    return "late";
                } catch (InterruptedException ignored) {
                    // ignores interrupts: keeps running after its timeout
                }
            }
        });
        assertThat(entered.await(20, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        clock.advance(Duration.ofMillis(100));
        assertThat(future).failsWithin(Duration.ofSeconds(20)).withThrowableOfType(java.util.concurrent.ExecutionException.class)
                .withCauseInstanceOf(GuardException.class);
        assertThat(policy.heard).as("still held while the abandoned call runs").containsExactly("enter");

        release.countDown();
        dev.firebreak.testkit.Await.until("the policy's permit given back", () -> policy.heard.size() == 2);
        assertThat(policy.heard).containsExactly("enter", "exit SUCCESS");
    }
}
