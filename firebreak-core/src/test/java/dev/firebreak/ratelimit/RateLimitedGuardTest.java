package dev.firebreak.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.firebreak.Guard;
import dev.firebreak.GuardConfig;
import dev.firebreak.GuardRegistry;
import dev.firebreak.GuardException;
import dev.firebreak.Isolation;
import dev.firebreak.RateLimitedException;
import dev.firebreak.RejectedException;
import dev.firebreak.breaker.CircuitState;
import dev.firebreak.event.EventType;
import dev.firebreak.testkit.ManualClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A guard's rate limiter on both paths: a call without a permit is RATE_LIMITED, gets the fallback,
 * is counted, and is no error for the breaker.
 */
class RateLimitedGuardTest {

    private final ManualClock clock = new ManualClock();
    private final GuardRegistry registry = GuardRegistry.builder().clock(clock).build();

    private static RateLimitConfig onePerSecond() {
        return RateLimitConfig.builder().enabled(true).permitsPerSecond(1).burst(1).build();
    }

    @Test
    void onTheCallersThreadARefusalIsRateLimitedWithTheFallbackAndNoBreakerError() {
        Guard guard = registry.guard("caller").isolation(Isolation.semaphore(10)).rateLimit(onePerSecond())
                .configure(c -> c.breaker(b -> b.requestVolumeThreshold(1).errorThresholdPercentage(1)))
                .build();
        assertThat(guard.execute(() -> "first", failure -> "fallback")).isEqualTo("first");
        for (int i = 0; i < 5; i++) {
            assertThat(guard.execute(() -> "again", failure -> {
                assertThat(failure.event()).isEqualTo(EventType.RATE_LIMITED);
                return "fallback";
            })).isEqualTo("fallback");
        }
        assertThat(guard.controls().metrics().snapshot().cumulative().get(EventType.RATE_LIMITED)).isEqualTo(5);
        assertThat(guard.controls().circuitBreaker().state()).isEqualTo(CircuitState.CLOSED);
        clock.advance(1_000_000_000L);
        assertThat(guard.execute(() -> "next second", failure -> "fallback")).isEqualTo("next second");
    }

    @Test
    void onTheHandOffPathARefusalIsRateLimitedWithTheFallback() throws Exception {
        Guard guard = registry.guard("handoff").isolation(Isolation.virtualThreads(10)).rateLimit(onePerSecond())
                .build();
        assertThat(guard.submit(() -> "first", failure -> "fallback").get(10, TimeUnit.SECONDS)).isEqualTo("first");
        assertThat(guard.submit(() -> "second", failure -> failure.event().name()).get(10, TimeUnit.SECONDS))
                .isEqualTo("RATE_LIMITED");
        assertThat(guard.controls().rateLimiter().refused()).isEqualTo(1);
        guard.controls().reconfigure(guard.controls().config().toBuilder()
                .rateLimit(r -> r.permitsPerSecond(1000).burst(10)).build());
        assertThat(guard.submit(() -> "faster", failure -> "fallback").get(10, TimeUnit.SECONDS)).isEqualTo("faster");
    }

    @Test
    void whetherAGuardIsRateLimitedIsFixedAtCreationAndTheLiveRestOfAReconfigureApplies() {
        Guard plain = registry.guard("plain").isolation(Isolation.semaphore(10)).build();
        GuardConfig next = plain.controls().config().toBuilder()
                .rateLimit(r -> r.enabled(true).permitsPerSecond(1).burst(1))
                .timeout(t -> t.timeout(Duration.ofMillis(300))).build();
        assertThat(plain.controls().reconfigure(next)).as("a fixed property differed").isFalse();
        assertThat(plain.controls().config().rateLimit().enabled()).isFalse();
        assertThat(plain.controls().config().rateLimit().permitsPerSecond()).isEqualTo(1);
        assertThat(plain.controls().config().timeout().timeout()).isEqualTo(Duration.ofMillis(300));
        for (int i = 0; i < 5; i++) {
            assertThat(plain.execute(() -> "ok", failure -> "fallback")).isEqualTo("ok");
        }
        assertThat(plain.controls().rateLimiter().refused()).isZero();

        Guard limited = registry.guard("limited").isolation(Isolation.semaphore(10)).rateLimit(onePerSecond()).build();
        GuardConfig off = limited.controls().config().toBuilder().rateLimit(r -> r.enabled(false)).build();
        assertThat(limited.controls().reconfigure(off)).isFalse();
        assertThat(limited.controls().config().rateLimit().enabled()).isTrue();
        assertThat(limited.execute(() -> "first", failure -> "fallback")).isEqualTo("first");
        assertThat(limited.execute(() -> "second", failure -> failure.event().name())).isEqualTo("RATE_LIMITED");
    }

    @Test
    void theRateLimitersRefusalHasItsOwnTypeWhichOldRejectionHandlersStillCatch() {
        Guard guard = registry.guard("typed").isolation(Isolation.semaphore(1)).rateLimit(onePerSecond()).build();
        assertThat(guard.execute(() -> "first")).isEqualTo("first");
        List<GuardException> seen = new ArrayList<>();
        guard.execute(() -> "second", failure -> {
            seen.add(failure);
            return "fallback";
        });
        assertThat(seen).singleElement().isInstanceOfSatisfying(RateLimitedException.class, limited -> {
            assertThat(limited.event()).isEqualTo(EventType.RATE_LIMITED);
            assertThat(limited.permitsPerSecond()).isEqualTo(1);
            assertThat(limited.getMessage()).isEqualTo("typed: rate limited (1 permits per second)");
        });
        assertThatThrownBy(() -> guard.execute(() -> "third"))
                .isInstanceOf(RejectedException.class) // an old catch block still catches it
                .isInstanceOf(RateLimitedException.class)
                .hasMessageContaining("rate limited");
    }

    @Test
    void theIsolationsRejectionIsNoRateLimitedException() throws Exception {
        Guard guard = registry.guard("full").isolation(Isolation.semaphore(1)).rateLimit(
                RateLimitConfig.builder().enabled(true).permitsPerSecond(1000).burst(1000).build()).build();
        CompletableFuture<String> holding = new CompletableFuture<>();
        CompletableFuture<String> inFlight = guard.submitAsync(() -> holding); // holds the one permit
        List<GuardException> seen = new ArrayList<>();
        guard.execute(() -> "refused", failure -> {
            seen.add(failure);
            return "fallback";
        });
        assertThat(seen).singleElement().isExactlyInstanceOf(RejectedException.class)
                .extracting(GuardException::event).isEqualTo(EventType.SEMAPHORE_REJECTED);
        holding.complete("done");
        assertThat(inFlight.get(10, TimeUnit.SECONDS)).isEqualTo("done");
    }

    @Test
    void theLimitersListenersAreToldOfEachRefusalAndOneThatThrowsBreaksNothing() {
        Guard guard = registry.guard("told").isolation(Isolation.semaphore(10)).rateLimit(onePerSecond()).build();
        List<String> told = new ArrayList<>();
        guard.controls().rateLimiter().addListener((rate, at) -> {
            throw new IllegalStateException("a broken listener");
        });
        RateLimitListener listener = (rate, at) -> told.add(rate + "/s at " + (at - clock.read()));
        guard.controls().rateLimiter().addListener(listener);
        assertThat(guard.execute(() -> "first", failure -> "fallback")).isEqualTo("first");
        assertThat(guard.execute(() -> "second", failure -> "fallback")).isEqualTo("fallback");
        assertThat(guard.execute(() -> "third", failure -> "fallback")).isEqualTo("fallback");
        assertThat(told).containsExactly("1/s at 0", "1/s at 0");
        guard.controls().rateLimiter().removeListener(listener);
        assertThat(guard.execute(() -> "fourth", failure -> "fallback")).isEqualTo("fallback");
        assertThat(told).hasSize(2);
    }
}
