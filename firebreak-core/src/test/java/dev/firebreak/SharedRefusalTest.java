package dev.firebreak;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.firebreak.event.EventType;
import dev.firebreak.support.GuardFixture;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Refusals without allocation: a refusal's fallback receives the guard's shared exception, which
 * says what happened and carries nothing of one call (no stack, no suppressed exceptions, no
 * fallback fate); whoever receives an exception as the call's outcome gets a fresh one of its own.
 */
@ExtendWith(GuardFixture.Extension.class)
class SharedRefusalTest {

    @Test
    void shortCircuitedFallbacksShareOneImmutableException(GuardFixture fixture) {
        Guard guard = fixture.guard("open").configure(c -> c.breaker(b -> b.forceOpen(true))).build();
        List<GuardException> seen = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            assertThat(guard.execute(() -> "ran", failure -> {
                seen.add(failure);
                return "fallback";
            })).isEqualTo("fallback");
        }
        assertThat(seen.get(1)).isSameAs(seen.get(0)).isInstanceOf(ShortCircuitedException.class);
        GuardException shared = seen.get(0);
        assertThat(shared.event()).isEqualTo(EventType.SHORT_CIRCUITED);
        assertThat(shared.getMessage()).isEqualTo("open: short-circuited (circuit open)");
        assertThat(shared.fallbackEvent()).isNull();
        shared.addSuppressed(new IllegalStateException("a fallback's own"));
        shared.setStackTrace(new StackTraceElement[] {new StackTraceElement("X", "y", "X.java", 1)});
        assertThat(shared.getSuppressed()).as("suppression disabled").isEmpty();
        assertThat(shared.getStackTrace()).as("no stack, not writable").isEmpty();
        fixture.awaitCalls(2);
        assertThat(fixture.count(EventType.FALLBACK_SUCCESS)).isEqualTo(2);
    }

    @Test
    void aFailingFallbackLeavesTheSharedExceptionUntouchedAndTheCallerGetsItsOwn(GuardFixture fixture) {
        Guard guard = fixture.guard("open").configure(c -> c.breaker(b -> b.forceOpen(true))).build();
        List<GuardException> given = new ArrayList<>();
        IllegalStateException broke = new IllegalStateException("fallback broke");
        assertThatThrownBy(() -> guard.execute(() -> "ran", failure -> {
            given.add(failure);
            throw broke;
        })).isInstanceOfSatisfying(ShortCircuitedException.class, thrown -> {
            assertThat(thrown).isNotSameAs(given.get(0));
            assertThat(thrown.fallbackEvent()).isEqualTo(EventType.FALLBACK_FAILURE);
            assertThat(thrown.fallbackFailure()).isSameAs(broke);
            assertThat(thrown.getSuppressed()).containsExactly(broke);
            assertThat(thrown.getMessage()).contains("short-circuited", "FALLBACK_FAILURE", "fallback broke");
            assertThat(thrown.getStackTrace()).as("the caller's site").isNotEmpty();
        });
        assertThat(given.get(0).fallbackEvent()).isNull();
        assertThat(given.get(0).getSuppressed()).isEmpty();
    }

    @Test
    void aFallbackRethrowingWhatItWasGivenStillCompletesTheCall(GuardFixture fixture) {
        Guard guard = fixture.guard("open").configure(c -> c.breaker(b -> b.forceOpen(true))).build();
        assertThatThrownBy(() -> guard.execute(() -> "ran", failure -> {
            throw failure;
        })).isInstanceOfSatisfying(ShortCircuitedException.class, thrown -> {
            assertThat(thrown.fallbackEvent()).isEqualTo(EventType.FALLBACK_FAILURE);
            assertThat(thrown.fallbackFailure()).isInstanceOf(ShortCircuitedException.class).isNotSameAs(thrown);
        });
        Guard failing = fixture.guard("failing").build();
        assertThatThrownBy(() -> failing.execute(() -> {
            throw new IllegalStateException("boom");
        }, failure -> {
            throw failure; // not shared: the caller's exception is the one the fallback rethrew
        })).isInstanceOfSatisfying(CallFailedException.class, thrown -> {
            assertThat(thrown.fallbackFailure()).isSameAs(thrown);
            assertThat(thrown.getSuppressed()).isEmpty();
        });
        fixture.awaitCalls(2);
        assertThat(fixture.count(EventType.FALLBACK_FAILURE)).isEqualTo(2);
    }

    @Test
    void aRejectionsSharedExceptionNamesTheLimitInForceAndChangesWithIt(GuardFixture fixture) {
        Guard guard = fixture.guard("full").isolation(Isolation.semaphore(1))
                .configure(c -> c.breaker(b -> b.forceClosed(true))).build();
        List<GuardException> seen = new ArrayList<>();
        Fallback<String> keep = failure -> {
            seen.add(failure);
            return "fallback";
        };
        assertThat(guard.execute(() -> guard.execute(() -> "inner", keep) + guard.execute(() -> "inner", keep)))
                .as("the outer call holds the only permit").isEqualTo("fallbackfallback");
        assertThat(seen.get(1)).isSameAs(seen.get(0));
        assertThat(seen.get(0).getMessage()).isEqualTo("full: rejected (SEMAPHORE_REJECTED, limit 1)");
        guard.controls().reconfigure(guard.controls().config().toBuilder()
                .isolation(i -> i.semaphoreMaxConcurrentRequests(0)).build());
        assertThat(guard.execute(() -> "ran", keep)).isEqualTo("fallback");
        assertThat(seen.get(2)).isNotSameAs(seen.get(0));
        assertThat(seen.get(2).getMessage()).isEqualTo("full: rejected (SEMAPHORE_REJECTED, limit 0)");
        assertThatThrownBy(() -> guard.execute(() -> "ran"))
                .isInstanceOfSatisfying(RejectedException.class, thrown -> {
                    assertThat(thrown).isNotSameAs(seen.get(2));
                    assertThat(thrown.fallbackEvent()).isEqualTo(EventType.FALLBACK_MISSING);
                    assertThat(thrown.getMessage()).isEqualTo(
                            "full: rejected (SEMAPHORE_REJECTED, limit 0); fallback: FALLBACK_MISSING");
                });
    }

    @Test
    void aFallbackThatFailsLaterGivesTheCallerItsOwnExceptionWithTheFallbacksFailure(GuardFixture fixture) {
        Guard open = fixture.guard("open").configure(c -> c.breaker(b -> b.forceOpen(true))).build();
        Guard full = fixture.guard("full").isolation(Isolation.semaphore(0))
                .configure(c -> c.breaker(b -> b.forceClosed(true))).build();
        List<GuardException> seen = new ArrayList<>();
        Fallback<String> keep = failure -> {
            seen.add(failure);
            return "a stage that fails later";
        };
        open.execute(() -> "ran", keep);
        full.execute(() -> "ran", keep);
        IllegalStateException later = new IllegalStateException("the fallback's stage failed");
        for (GuardException shared : seen) {
            GuardException told = shared.fallbackFailedLater(later);
            assertThat(told).as("a fresh one for the caller").isNotSameAs(shared).hasSameClassAs(shared);
            assertThat(told.getMessage()).startsWith(shared.getMessage());
            assertThat(told.fallbackEvent()).isEqualTo(EventType.FALLBACK_FAILURE);
            assertThat(told.fallbackFailure()).isSameAs(later);
            assertThat(told.getSuppressed()).containsExactly(later);
            assertThat(shared.fallbackEvent()).as("the shared one untouched").isNull();
        }
        GuardException own = assertThrowsGuard(() -> open.execute(() -> "ran"));
        assertThat(own.fallbackFailedLater(later)).as("a call's own exception is told as it is").isSameAs(own);
    }

    private static GuardException assertThrowsGuard(Runnable call) {
        try {
            call.run();
        } catch (GuardException thrown) {
            return thrown;
        }
        throw new AssertionError("expected a GuardException");
    }
}
