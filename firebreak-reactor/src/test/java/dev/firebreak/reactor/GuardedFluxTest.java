package dev.firebreak.reactor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.Guard;
import dev.firebreak.GuardException;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.event.EventType;
import dev.firebreak.testkit.Await;
import dev.firebreak.testkit.ManualClock;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Sinks;
import reactor.test.StepVerifier;

/** {@link GuardedFlux}: a subscription is one guarded call spanning the whole stream. */
class GuardedFluxTest {

    private static final Duration WAIT = Duration.ofSeconds(10);

    private final ManualClock clock = new ManualClock();
    private final GuardRegistry registry = GuardRegistry.builder().clock(clock).build();

    @AfterEach
    void close() {
        registry.close();
    }

    private Guard guard(String name) {
        return registry.guard(name).isolation(Isolation.semaphore(1)).timeout(Duration.ofMillis(100)).build();
    }

    @Test
    void elementsFlowWithTheSubscribersDemandAndTheStreamIsOneSuccess() {
        Guard guard = guard("range");
        StepVerifier.create(GuardedFlux.of(guard, Flux.range(1, 5)), 2)
                .expectNext(1, 2)
                .then(() -> assertThat(guard.controls().permitsInFlight()).as("the stream is open").isEqualTo(1))
                .thenRequest(3)
                .expectNext(3, 4, 5)
                .verifyComplete();
        assertThat(guard.controls().metrics().cumulativeCount(EventType.SUCCESS)).isEqualTo(1);
        assertThat(guard.controls().permitsInFlight()).isZero();
    }

    @Test
    void aFailureBeforeAnyElementIsAnsweredByTheFallbacksElements() {
        Guard guard = guard("failing");
        Flux<String> guarded = GuardedFlux.of(guard, Flux.error(new IllegalStateException("down")),
                failure -> Flux.just("fallback", String.valueOf(failure.event())));
        StepVerifier.create(guarded).expectNext("fallback", "FAILURE").verifyComplete();
        assertThat(guard.controls().metrics().cumulativeCount(EventType.FAILURE)).isEqualTo(1);
        assertThat(guard.controls().metrics().cumulativeCount(EventType.FALLBACK_SUCCESS)).isEqualTo(1);
    }

    @Test
    void aFailureAfterSomeElementsContinuesWithTheFallback() {
        Guard guard = guard("midway");
        Flux<String> source = Flux.just("a", "b").concatWith(Flux.error(new IllegalStateException("broke")));
        StepVerifier.create(GuardedFlux.of(guard, source, failure -> Flux.just("z")))
                .expectNext("a", "b", "z")
                .verifyComplete();
        assertThat(guard.controls().metrics().cumulativeCount(EventType.FAILURE)).isEqualTo(1);
    }

    @Test
    void withoutAFallbackTheStreamEndsWithAGuardException() {
        Guard guard = guard("bare");
        Flux<String> source = Flux.just("a").concatWith(Flux.error(new IllegalStateException("broke")));
        StepVerifier.create(GuardedFlux.of(guard, source))
                .expectNext("a")
                .expectErrorSatisfies(error -> {
                    assertThat(error).isInstanceOf(GuardException.class).hasRootCauseMessage("broke");
                    assertThat(((GuardException) error).event()).isEqualTo(EventType.FAILURE);
                })
                .verify(WAIT);
    }

    @Test
    void theDeadlineBoundsTheWholeStream() {
        Guard guard = guard("slow-stream");
        Sinks.Many<String> sink = Sinks.many().unicast().onBackpressureBuffer();
        AtomicInteger cancels = new AtomicInteger();
        Flux<String> source = sink.asFlux().doOnCancel(cancels::incrementAndGet);
        StepVerifier.create(GuardedFlux.of(guard, source, failure -> Flux.just("fallback: " + failure.event())))
                .then(() -> sink.tryEmitNext("first"))
                .expectNext("first")
                .then(() -> clock.advance(Duration.ofMillis(100)))
                .expectNext("fallback: TIMEOUT")
                .verifyComplete();
        assertThat(cancels).as("the open stream was cancelled").hasValue(1);
        Await.until("the permit came back", () -> guard.controls().permitsInFlight() == 0);
        assertThat(guard.controls().metrics().cumulativeCount(EventType.TIMEOUT)).isEqualTo(1);
    }

    @Test
    void aStreamStoppedAtTheDeadlineGivesItsPermitBackEvenWithoutInterruptOnTimeout() {
        Guard guard = registry.guard("no-interrupt").isolation(Isolation.semaphore(1)).timeout(Duration.ofMillis(100))
                .configure(c -> c.timeout(t -> t.interruptOnTimeout(false))).build();
        AtomicInteger cancels = new AtomicInteger();
        Flux<String> never = Flux.<String>never().doOnCancel(cancels::incrementAndGet);
        StepVerifier.create(GuardedFlux.of(guard, never, failure -> Flux.just("fallback")))
                .then(() -> clock.advance(Duration.ofMillis(100)))
                .expectNext("fallback")
                .verifyComplete();
        assertThat(cancels).hasValue(1);
        Await.until("the permit came back", () -> guard.controls().permitsInFlight() == 0);
    }

    @Test
    void cancellingTheSubscriptionCancelsTheSourceAndReleasesThePermit() {
        Guard guard = guard("cancelled");
        AtomicInteger cancels = new AtomicInteger();
        Flux<Long> endless = Flux.<Long>never().startWith(0L).doOnCancel(cancels::incrementAndGet);
        StepVerifier.create(GuardedFlux.of(guard, endless, failure -> Flux.just(-1L)))
                .expectNext(0L)
                .thenCancel()
                .verify(WAIT);
        assertThat(cancels).hasValue(1);
        assertThat(guard.controls().permitsInFlight()).isZero();
        assertThat(guard.controls().metrics().cumulativeCount(EventType.CANCELLED)).isEqualTo(1);
        assertThat(guard.controls().metrics().cumulativeCount(EventType.FALLBACK_SUCCESS)).isZero();
    }

    @Test
    void anOpenStreamHoldsTheBulkheadAndARefusedStreamNeverSubscribes() {
        Guard guard = guard("bulkhead");
        Sinks.Many<String> open = Sinks.many().unicast().onBackpressureBuffer();
        AtomicInteger subscribed = new AtomicInteger();
        var first = GuardedFlux.of(guard, open.asFlux()).collectList().toFuture();
        Flux<String> second = GuardedFlux.of(guard, Flux.defer(() -> Flux.just("ran " + subscribed.incrementAndGet())),
                failure -> Flux.just(String.valueOf(failure.event())));
        StepVerifier.create(second).expectNext("SEMAPHORE_REJECTED").verifyComplete();
        assertThat(subscribed).hasValue(0);
        open.tryEmitNext("x");
        open.tryEmitComplete();
        assertThat(first).succeedsWithin(WAIT).asList().containsExactly("x");
        assertThat(guard.controls().permitsInFlight()).isZero();
        StepVerifier.create(second).expectNext("ran 1").verifyComplete();
    }

    @Test
    void anOpenBreakerShortCircuitsWithTheFallback() {
        Guard guard = registry.guard("open").isolation(Isolation.semaphore(1))
                .configure(c -> c.breaker(b -> b.forceOpen(true))).build();
        StepVerifier.create(Flux.just(1).transform(GuardedFlux.operator(guard, failure -> Flux.just(-1))))
                .expectNext(-1)
                .verifyComplete();
        assertThat(guard.controls().metrics().cumulativeCount(EventType.SHORT_CIRCUITED)).isEqualTo(1);
    }
}
