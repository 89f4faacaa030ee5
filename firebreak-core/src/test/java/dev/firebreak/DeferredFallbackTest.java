package dev.firebreak;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.firebreak.event.EventType;
import dev.firebreak.testkit.ManualClock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * {@link Fallback#deferred()}: the guard runs no fallback and records the attempt's execution event
 * alone; the exception it completes with says what happened and that no fallback was tried yet.
 */
class DeferredFallbackTest {

    private final GuardRegistry registry = GuardRegistry.builder().clock(new ManualClock()).build();
    private final List<Long> masks = new ArrayList<>();

    private Guard guard(String name, boolean forceOpen) {
        Guard guard = registry.guard(name).isolation(Isolation.semaphore(5))
                .configure(c -> c.breaker(cb -> cb.forceOpen(forceOpen))).build();
        guard.controls().addListener((g, events, execution, total) -> masks.add(events));
        return guard;
    }

    @Test
    void aFailedAttemptThrowsItsExceptionAndRecordsItsExecutionEventAlone() {
        Guard guard = guard("failing", false);
        assertThatThrownBy(() -> guard.execute(() -> {
            throw new IllegalStateException("down");
        }, Fallback.deferred()))
                .isInstanceOf(CallFailedException.class)
                .satisfies(thrown -> assertThat(((GuardException) thrown).fallbackEvent()).isNull());
        assertThat(masks).containsExactly(EventType.FAILURE.bit());
        assertThat(guard.controls().metrics().cumulativeCount(EventType.FALLBACK_MISSING)).isZero();
        assertThat(guard.controls().metrics().cumulativeCount(EventType.EXCEPTION_THROWN)).isZero();
    }

    @Test
    void aRefusedAttemptGetsAFreshExceptionNeverTheGuardsSharedOne() {
        Guard guard = guard("open", true);
        CompletableFuture<String> first = guard.submit(() -> "never", Fallback.deferred());
        CompletableFuture<String> second = guard.submit(() -> "never", Fallback.deferred());
        assertThat(first.exceptionNow()).isInstanceOf(ShortCircuitedException.class);
        assertThat(first.exceptionNow()).isNotSameAs(second.exceptionNow());
        assertThat(((GuardException) first.exceptionNow()).isShared()).isFalse();
        assertThat(masks).containsExactly(EventType.SHORT_CIRCUITED.bit(), EventType.SHORT_CIRCUITED.bit());
    }

    @Test
    void aSuccessIsUntouched() {
        Guard guard = guard("fine", false);
        assertThat(guard.execute(() -> "value", Fallback.deferred())).isEqualTo("value");
        assertThat(masks).containsExactly(EventType.SUCCESS.bit());
    }
}
