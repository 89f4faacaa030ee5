package dev.firebreak.micrometer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.hedge.Hedge;
import dev.firebreak.hedge.Idempotent;
import dev.firebreak.retry.Jitter;
import dev.firebreak.retry.Retry;
import dev.firebreak.testkit.ManualClock;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The retry and hedge meters follow the policies' counts and leave with close; the registry's binder binds them itself. */
class CallPolicyMetersTest {

    private final ManualClock clock = new ManualClock();
    private final GuardRegistry registry = GuardRegistry.builder().clock(clock).build();
    private final Guard guard = registry.guard("users").isolation(Isolation.semaphore(10)).build();
    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();

    @Test
    void retryMeters() {
        Retry retry = Retry.named("users-retry").through(guard).attemptExecutor(Runnable::run)
                .configure(c -> c.maxAttempts(3).jitter(Jitter.NONE).budgetEnabled(false)).build();
        try (CallPolicyMeters bound = CallPolicyMeters.bind(retry, meters)) {
            retry.submit(() -> {
                throw new IllegalStateException("down");
            }, failure -> "fallback");
            clock.advance(Duration.ofSeconds(5));
            assertThat(meters.get("firebreak.retry.calls").tag("policy", "users-retry").functionCounter().count()).isEqualTo(1);
            assertThat(meters.get("firebreak.retry.attempts").tag("guard", "users").functionCounter().count()).isEqualTo(3);
            assertThat(meters.get("firebreak.retry.events").tag("event", "retried").functionCounter().count()).isEqualTo(2);
            assertThat(meters.get("firebreak.retry.events").tag("event", "fallback").functionCounter().count()).isEqualTo(1);
        }
        assertThat(meters.find("firebreak.retry.calls").meters()).isEmpty();
    }

    @Test
    void hedgeMeters() {
        Hedge hedge = Hedge.named("users-hedge").through(guard).hedgeExecutor(Runnable::run)
                .configure(c -> c.fixedDelay(Duration.ofMillis(10)).budgetEnabled(false)).build();
        try (CallPolicyMeters bound = CallPolicyMeters.bind(hedge, meters)) {
            AtomicInteger attempts = new AtomicInteger();
            CompletableFuture<String> result = hedge.submitAsync(Idempotent.stage(() -> attempts.incrementAndGet() == 1
                    ? new CompletableFuture<String>() // the first hangs; the hedge answers at once
                    : CompletableFuture.completedFuture("hedge")));
            clock.advance(Duration.ofMillis(10));
            assertThat(meters.get("firebreak.hedge.events").tag("event", "hedge_win").functionCounter().count()).isEqualTo(1);
            assertThat(meters.get("firebreak.hedge.events").tag("event", "hedged").functionCounter().count()).isEqualTo(1);
            assertThat(meters.get("firebreak.hedge.attempts").functionCounter().count()).isEqualTo(2);
            assertThat(result).isCompletedWithValue("hedge");
        }
        assertThat(meters.find("firebreak.hedge.calls").meters()).isEmpty();
    }

    @Test
    void theRegistrysBinderBindsEveryPolicyAsItIsBuiltAndRemovesItsMetersWhenItLeaves() {
        try (FirebreakMetrics binder = new FirebreakMetrics(registry)) {
            Retry early = Retry.named("early").through(guard).attemptExecutor(Runnable::run)
                    .configure(c -> c.budgetEnabled(false)).build(); // before the binder binds
            binder.bindTo(meters);
            Hedge late = Hedge.named("late").through(guard).hedgeExecutor(Runnable::run)
                    .configure(c -> c.fixedDelay(Duration.ofMillis(10)).budgetEnabled(false)).build();
            early.submit(() -> "ok");
            late.submit(Idempotent.call(() -> "ok"));
            assertThat(meters.get("firebreak.retry.calls").tags("policy", "early", "guard", "users").functionCounter().count())
                    .isEqualTo(1);
            assertThat(meters.get("firebreak.hedge.calls").tags("policy", "late", "guard", "users").functionCounter().count())
                    .isEqualTo(1);

            Retry replacement = Retry.named("early").through(guard).attemptExecutor(Runnable::run)
                    .configure(c -> c.budgetEnabled(false)).build(); // replaces the first under its name
            assertThat(meters.get("firebreak.retry.calls").tag("policy", "early").functionCounter().count())
                    .as("the meters count the replacement").isZero();
            replacement.submit(() -> "ok");
            assertThat(meters.get("firebreak.retry.calls").tag("policy", "early").functionCounter().count()).isEqualTo(1);

            dev.firebreak.hedge.HedgeRegistry.of(registry).remove("late");
            assertThat(meters.find("firebreak.hedge.calls").meters()).isEmpty();
        }
        assertThat(meters.find("firebreak.retry.calls").meters()).as("closing the binder removes them").isEmpty();
    }
}
