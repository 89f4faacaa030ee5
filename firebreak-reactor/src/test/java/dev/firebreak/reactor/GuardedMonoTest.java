package dev.firebreak.reactor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.Guard;
import dev.firebreak.GuardException;
import dev.firebreak.GuardRegistry;
import dev.firebreak.GuardTimeoutException;
import dev.firebreak.Isolation;
import dev.firebreak.RejectedException;
import dev.firebreak.ShortCircuitedException;
import dev.firebreak.event.EventType;
import dev.firebreak.testkit.Await;
import dev.firebreak.testkit.ManualClock;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.test.StepVerifier;

/** {@link GuardedMono}: a subscription is one guarded call; time is the manual clock's. */
class GuardedMonoTest {

    private static final Duration WAIT = Duration.ofSeconds(10);

    private final ManualClock clock = new ManualClock();
    private final GuardRegistry registry = GuardRegistry.builder().clock(clock).build();

    @AfterEach
    void close() {
        registry.close();
    }

    private Guard guard(String name, int permits) {
        return registry.guard(name).isolation(Isolation.semaphore(permits)).timeout(Duration.ofMillis(100)).build();
    }

    @Test
    void aValuePassesAndIsASuccess() {
        Guard guard = guard("value", 1);
        StepVerifier.create(GuardedMono.of(guard, Mono.just("v"))).expectNext("v").expectComplete().verify(WAIT);
        assertThat(guard.controls().metrics().cumulativeCount(EventType.SUCCESS)).isEqualTo(1);
        assertThat(guard.controls().permitsInFlight()).isZero();
    }

    @Test
    void nothingRunsBeforeASubscriptionAndEachSubscriptionIsACall() {
        Guard guard = guard("lazy", 1);
        AtomicInteger subscriptions = new AtomicInteger();
        Mono<String> guarded = GuardedMono.of(guard, Mono.fromSupplier(() -> "call " + subscriptions.incrementAndGet()));
        assertThat(subscriptions).hasValue(0);
        StepVerifier.create(guarded).expectNext("call 1").verifyComplete();
        StepVerifier.create(guarded).expectNext("call 2").verifyComplete();
        assertThat(guard.controls().metrics().cumulativeCount(EventType.SUCCESS)).isEqualTo(2);
    }

    @Test
    void anEmptySourceCompletesEmpty() {
        Guard guard = guard("empty", 1);
        StepVerifier.create(GuardedMono.of(guard, Mono.<String>empty())).verifyComplete();
        assertThat(guard.controls().metrics().cumulativeCount(EventType.SUCCESS)).isEqualTo(1);
    }

    @Test
    void aFailureIsAnsweredByTheFallback() {
        Guard guard = guard("failing", 1);
        Mono<String> guarded = GuardedMono.of(guard, Mono.error(new IllegalStateException("down")),
                failure -> "fallback after " + failure.event());
        StepVerifier.create(guarded).expectNext("fallback after FAILURE").verifyComplete();
        assertThat(guard.controls().metrics().cumulativeCount(EventType.FAILURE)).isEqualTo(1);
        assertThat(guard.controls().metrics().cumulativeCount(EventType.FALLBACK_SUCCESS)).isEqualTo(1);
    }

    @Test
    void aReactiveFallbackAnswersAndItsEmptinessPassesThrough() {
        Guard guard = guard("reactive-fallback", 1);
        StepVerifier.create(GuardedMono.withFallback(guard, Mono.<String>error(new IllegalStateException("down")),
                failure -> Mono.just("from fallback mono after " + failure.event())))
                .expectNext("from fallback mono after FAILURE").verifyComplete();
        StepVerifier.create(GuardedMono.withFallback(guard, Mono.just("value"), failure -> Mono.just("unused")))
                .expectNext("value").verifyComplete();
        StepVerifier.create(GuardedMono.withFallback(guard, Mono.<String>error(new IllegalStateException("down")),
                failure -> Mono.empty())).verifyComplete();
        assertThat(guard.controls().metrics().cumulativeCount(EventType.FALLBACK_SUCCESS)).isEqualTo(2);
    }

    @Test
    void withoutAFallbackTheFailureSaysWhatHappened() {
        Guard guard = guard("bare", 1);
        StepVerifier.create(GuardedMono.of(guard, Mono.<String>error(new IllegalStateException("down"))))
                .expectErrorSatisfies(error -> {
                    assertThat(error).isInstanceOf(GuardException.class);
                    assertThat(((GuardException) error).event()).isEqualTo(EventType.FAILURE);
                    assertThat(error.getCause()).hasMessage("down");
                })
                .verify(WAIT);
    }

    @Test
    void theDeadlineAnswersWithTheFallbackAndCancelsTheSource() {
        Guard guard = guard("slow", 1);
        AtomicInteger cancels = new AtomicInteger();
        Mono<String> never = Mono.<String>never().doOnCancel(cancels::incrementAndGet);
        StepVerifier.create(GuardedMono.of(guard, never, failure -> "late: " + failure.event()))
                .then(() -> clock.advance(Duration.ofMillis(100)))
                .expectNext("late: TIMEOUT")
                .expectComplete()
                .verify(WAIT);
        Await.until("the source was cancelled at the deadline", () -> cancels.get() == 1);
        Await.until("the permit came back", () -> guard.controls().permitsInFlight() == 0);
        assertThat(guard.controls().metrics().cumulativeCount(EventType.TIMEOUT)).isEqualTo(1);
    }

    @Test
    void withoutAFallbackTheDeadlineIsAGuardTimeoutException() {
        Guard guard = guard("slow-bare", 1);
        StepVerifier.create(GuardedMono.of(guard, Mono.<String>never()))
                .then(() -> clock.advance(Duration.ofMillis(100)))
                .expectError(GuardTimeoutException.class)
                .verify(WAIT);
    }

    @Test
    void cancellingTheSubscriptionCancelsTheCallAndReleasesItsPermit() {
        Guard guard = guard("cancelled", 1);
        AtomicInteger cancels = new AtomicInteger();
        Mono<String> never = Mono.<String>never().doOnCancel(cancels::incrementAndGet);
        StepVerifier.create(GuardedMono.of(guard, never, failure -> "unused"))
                .then(() -> assertThat(guard.controls().permitsInFlight()).isEqualTo(1))
                .thenCancel()
                .verify(WAIT);
        assertThat(cancels).hasValue(1);
        assertThat(guard.controls().permitsInFlight()).isZero();
        assertThat(guard.controls().metrics().cumulativeCount(EventType.CANCELLED)).isEqualTo(1);
        assertThat(guard.controls().metrics().cumulativeCount(EventType.FAILURE)).isZero();
        assertThat(guard.controls().metrics().cumulativeCount(EventType.FALLBACK_SUCCESS)).isZero();
    }

    @Test
    void aFullBulkheadRejectsWithoutSubscribing() {
        Guard guard = guard("full", 1);
        Sinks.One<String> first = Sinks.one();
        AtomicInteger subscribed = new AtomicInteger();
        var holder = GuardedMono.of(guard, first.asMono()).toFuture();
        Mono<String> second = GuardedMono.of(guard, Mono.fromSupplier(() -> "ran " + subscribed.incrementAndGet()),
                failure -> failure instanceof RejectedException ? "rejected" : "other");
        StepVerifier.create(second).expectNext("rejected").verifyComplete();
        assertThat(subscribed).hasValue(0);
        first.tryEmitValue("first");
        assertThat(holder).succeedsWithin(WAIT).isEqualTo("first");
        assertThat(guard.controls().permitsInFlight()).isZero();
    }

    @Test
    void anOpenBreakerShortCircuitsWithoutSubscribing() {
        Guard guard = registry.guard("open").isolation(Isolation.semaphore(1))
                .configure(c -> c.breaker(b -> b.forceOpen(true))).build();
        AtomicInteger subscribed = new AtomicInteger();
        Mono<String> guarded = GuardedMono.of(guard, Mono.fromSupplier(() -> "ran " + subscribed.incrementAndGet()));
        StepVerifier.create(guarded).expectError(ShortCircuitedException.class).verify(WAIT);
        StepVerifier.create(guarded.onErrorReturn("x")).expectNext("x").verifyComplete();
        StepVerifier.create(Mono.fromSupplier(() -> "y").transform(GuardedMono.operator(guard, failure -> "open")))
                .expectNext("open").verifyComplete();
        assertThat(subscribed).hasValue(0);
        assertThat(guard.controls().metrics().cumulativeCount(EventType.SHORT_CIRCUITED)).isEqualTo(3);
    }
}
