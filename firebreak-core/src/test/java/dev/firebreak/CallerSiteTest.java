package dev.firebreak;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.firebreak.testkit.ManualClock;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** A GuardException thrown to a caller of {@code execute} carries the caller's site as its stack trace. */
class CallerSiteTest {

    private final GuardRegistry registry = GuardRegistry.builder().clock(new ManualClock()).build();

    @Test
    void aCallerThreadFailureShowsTheCallersSite() {
        Guard guard = registry.guard("open").isolation(Isolation.semaphore(5))
                .configure(c -> c.breaker(cb -> cb.forceOpen(true))).build();

        ShortCircuitedException thrown = catchThrowableOfType(ShortCircuitedException.class,
                () -> guard.execute(() -> "never"));

        assertThat(frames(thrown)).contains("CallerSiteTest.aCallerThreadFailureShowsTheCallersSite");
    }

    @Test
    void aHandedOffFailureShowsTheWaitingCallersSite() {
        Guard guard = registry.guard("failing").isolation(Isolation.virtualThreads(5)).build();

        CallFailedException thrown = catchThrowableOfType(CallFailedException.class, () -> guard.execute(() -> {
            throw new IllegalStateException("down");
        }));

        assertThat(frames(thrown)).contains("CallerSiteTest.aHandedOffFailureShowsTheWaitingCallersSite");
        assertThat(thrown.getCause()).hasMessage("down");
    }

    @Test
    void aFailureTheFallbackAnswersNeedsNoSite() {
        Guard guard = registry.guard("recovered").isolation(Isolation.semaphore(5))
                .configure(c -> c.breaker(cb -> cb.forceOpen(true))).build();

        GuardException[] seen = new GuardException[1];
        guard.execute(() -> "never", failure -> {
            seen[0] = failure;
            return "fallback";
        });

        assertThat(seen[0].getStackTrace()).as("no stack walked when nobody receives the exception").isEmpty();
    }

    private static String frames(Throwable thrown) {
        return Arrays.toString(thrown.getStackTrace());
    }
}
