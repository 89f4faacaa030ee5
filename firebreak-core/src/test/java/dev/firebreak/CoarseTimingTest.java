package dev.firebreak;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.context.RequestContext;
import dev.firebreak.event.EventType;
import dev.firebreak.event.GuardListener;
import dev.firebreak.limit.LimitKind;
import dev.firebreak.ratelimit.RateLimitConfig;
import dev.firebreak.time.Ticker;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * Which clock a caller-thread (SEMAPHORE) call reads: the ticker's coarse reading only when nothing
 * needs the call's durations finer than about a millisecond (latency percentiles off, no adaptive
 * limit, no listener, no request log for the call, no added attempt policy), decided per call from the
 * configuration in force; else the precise one, as before. The ticker here keeps the two readings
 * apart and counts them, so a test sees which one each call read and what its timeout was judged on.
 */
class CoarseTimingTest {

    private static final long MS = 1_000_000L;

    /** A ticker whose precise and coarse readings are set apart, each read counted. */
    private static final class TwoClocks implements Ticker {
        final AtomicLong precise = new AtomicLong(Long.MAX_VALUE - 5 * MS); // the call crosses the wrap
        final AtomicLong coarse = new AtomicLong(Long.MAX_VALUE - 5 * MS);
        final AtomicInteger preciseReads = new AtomicInteger();
        final AtomicInteger coarseReads = new AtomicInteger();

        @Override
        public long read() {
            preciseReads.incrementAndGet();
            return precise.get();
        }

        @Override
        public long readCoarse() {
            coarseReads.incrementAndGet();
            return coarse.get();
        }

        void advance(long preciseNanos, long coarseNanos) {
            precise.addAndGet(preciseNanos);
            coarse.addAndGet(coarseNanos);
        }
    }

    private final TwoClocks clock = new TwoClocks();
    private final GuardRegistry registry = GuardRegistry.builder().ticker(clock).build();

    private Guard guard(String name, Consumer<GuardConfig.Builder> change) {
        return registry.guard(name).isolation(Isolation.semaphore(10)).timeout(Duration.ofMillis(10))
                .configure(change).build();
    }

    private static Consumer<GuardConfig.Builder> percentilesOff() {
        return c -> c.metrics(m -> m.percentilesEnabled(false));
    }

    /** Runs one call returning "value" (fallback "fallback:EVENT") and says which clock it read: "coarse", "precise" or both. */
    private String clockOf(Guard guard) {
        int precise = clock.preciseReads.get();
        int coarse = clock.coarseReads.get();
        assertThat(guard.execute(() -> "value", f -> "fallback:" + f.event())).isEqualTo("value");
        return readsSince(precise, coarse);
    }

    private String readsSince(int precise, int coarse) {
        boolean readPrecise = clock.preciseReads.get() > precise;
        boolean readCoarse = clock.coarseReads.get() > coarse;
        return readPrecise && readCoarse ? "both" : readPrecise ? "precise" : readCoarse ? "coarse" : "none";
    }

    @Test
    void withPercentilesOffAndNothingElseReadingDurationsACallReadsOnlyTheCoarseClock() {
        Guard guard = guard("off", percentilesOff());
        int coarse = clock.coarseReads.get();
        assertThat(clockOf(guard)).isEqualTo("coarse");
        assertThat(clock.coarseReads.get() - coarse).as("the start and the end").isEqualTo(2);
        assertThat(guard.controls().metrics().cumulativeCount(EventType.SUCCESS)).isEqualTo(1);
    }

    @Test
    void withTheDefaultsPercentilesOnACallReadsOnlyThePreciseClock() {
        assertThat(clockOf(guard("defaults", c -> { }))).isEqualTo("precise");
    }

    @Test
    void switchingPercentilesLiveSwitchesTheClockFromTheNextCall() {
        Guard guard = guard("live", percentilesOff());
        assertThat(clockOf(guard)).isEqualTo("coarse");
        guard.controls().reconfigure(guard.controls().config().toBuilder().metrics(m -> m.percentilesEnabled(true)).build());
        assertThat(clockOf(guard)).isEqualTo("precise");
        guard.controls().reconfigure(guard.controls().config().toBuilder().metrics(m -> m.percentilesEnabled(false)).build());
        assertThat(clockOf(guard)).isEqualTo("coarse");
    }

    @Test
    void aListenerOfTheGuardOrOfTheRegistryIsToldPreciseDurations() {
        Guard guard = guard("listened", percentilesOff());
        GuardListener listener = (name, events, executionNanos, totalNanos) -> { };
        guard.controls().addListener(listener);
        assertThat(clockOf(guard)).isEqualTo("precise");
        guard.controls().removeListener(listener);
        assertThat(clockOf(guard)).isEqualTo("coarse");
        registry.addListener(listener);
        assertThat(clockOf(guard)).isEqualTo("precise");
        registry.removeListener(listener);
        assertThat(clockOf(guard)).isEqualTo("coarse");
    }

    @Test
    void aCallTheRequestLogRecordsIsTimedPrecisely() {
        Guard logged = guard("logged", percentilesOff());
        Guard unlogged = guard("unlogged", percentilesOff().andThen(c -> c.request(r -> r.logEnabled(false))));
        try (RequestContext context = RequestContext.open()) {
            assertThat(clockOf(logged)).isEqualTo("precise");
            assertThat(clockOf(unlogged)).as("its log is off").isEqualTo("coarse");
            assertThat(context.log().entries()).extracting(e -> e.name()).containsExactly("logged");
        }
        assertThat(clockOf(logged)).as("no request context open").isEqualTo("coarse");
    }

    @Test
    void anAdaptiveLimitOrAnAddedAttemptPolicyKeepsThePreciseClock() {
        Guard adaptive = guard("adaptive", percentilesOff().andThen(c -> c.limit(l -> l.algorithm(LimitKind.AIMD))));
        assertThat(clockOf(adaptive)).isEqualTo("precise");
        Guard rateLimited = registry.guard("rate-limited").isolation(Isolation.semaphore(10))
                .rateLimit(RateLimitConfig.builder().enabled(true).permitsPerSecond(1000).burst(10).build())
                .configure(percentilesOff()).build();
        assertThat(clockOf(rateLimited)).isEqualTo("precise");
    }

    @Test
    void aRefusalWithPercentilesOffReadsOnlyTheCoarseClock() {
        Guard rejecting = registry.guard("rejecting").isolation(Isolation.semaphore(0))
                .configure(percentilesOff().andThen(c -> c.breaker(b -> b.forceClosed(true)))).build();
        int precise = clock.preciseReads.get();
        int coarse = clock.coarseReads.get();
        assertThat(rejecting.execute(() -> "value", f -> "fallback:" + f.event())).isEqualTo("fallback:SEMAPHORE_REJECTED");
        assertThat(readsSince(precise, coarse)).isEqualTo("coarse");
    }

    @Test
    void theSemaphoreTimeoutIsJudgedOnTheClockTheCallRead() {
        Guard coarse = guard("coarse-timeout", percentilesOff());
        // 10.5 ms by the precise clock, exactly the 10 ms timeout by the coarse one: on time
        assertThat(coarse.execute(() -> {
            clock.advance(10 * MS + MS / 2, 10 * MS);
            return "value";
        }, f -> "fallback:" + f.event())).isEqualTo("value");
        // 10 ms by the precise clock, 11 ms by the coarse one: late
        assertThat(coarse.execute(() -> {
            clock.advance(10 * MS, 11 * MS);
            return "value";
        }, f -> "fallback:" + f.event())).isEqualTo("fallback:TIMEOUT");

        Guard precise = guard("precise-timeout", c -> { });
        assertThat(precise.execute(() -> {
            clock.advance(10 * MS + MS / 2, 10 * MS);
            return "value";
        }, f -> "fallback:" + f.event())).as("the defaults judge it precisely").isEqualTo("fallback:TIMEOUT");
    }
}
