package dev.firebreak.callpolicy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.CallFailedException;
import dev.firebreak.Guard;
import dev.firebreak.GuardException;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.testkit.ManualClock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * {@code Retry-After} read in both forms (RFC 9110 10.2.3), the three HTTP-date formats (5.6.7) and junk,
 * against a wall clock the test sets; and {@link ServerDelays}: which answers carry a server's delay, and
 * that a bad value or a throwing classifier is "no delay", never an error.
 */
class RetryAfterTest {

    private static final Instant NOW = Instant.parse("1994-11-06T08:49:30Z");

    @Test
    void delaySecondsAreReadAsIs() {
        assertThat(RetryAfter.parse("120", NOW)).contains(Duration.ofSeconds(120));
        assertThat(RetryAfter.parse("0", NOW)).contains(Duration.ZERO);
        assertThat(RetryAfter.parse(" 7 ", NOW)).contains(Duration.ofSeconds(7)); // optional whitespace around
        assertThat(RetryAfter.parse("0007", NOW)).contains(Duration.ofSeconds(7));
        assertThat(RetryAfter.parse("99999999999999999999999", NOW)).contains(Duration.ofSeconds(Long.MAX_VALUE));
    }

    @Test
    void theThreeDateFormsAreReadAgainstNow() {
        Duration seven = Duration.ofSeconds(7); // 08:49:37 is 7 s after NOW
        assertThat(RetryAfter.parse("Sun, 06 Nov 1994 08:49:37 GMT", NOW)).contains(seven); // IMF-fixdate
        assertThat(RetryAfter.parse("Sunday, 06-Nov-94 08:49:37 GMT", NOW)).contains(seven); // RFC 850
        assertThat(RetryAfter.parse("Sun Nov  6 08:49:37 1994", NOW)).contains(seven); // asctime
        assertThat(RetryAfter.parse("sun, 06 nov 1994 08:49:37 gmt", NOW)).contains(seven);
        assertThat(RetryAfter.parse("Sun, 6 Nov 1994 08:49:37 GMT", NOW)).contains(seven); // as RFC_1123_DATE_TIME writes it
        assertThat(RetryAfter.parse("Mon, 06 Nov 1994 08:49:37 GMT", NOW)).contains(seven); // a wrong day name is not checked
        assertThat(RetryAfter.parse("Sun, 06 Nov 1994 08:49:30 GMT", NOW.plusMillis(250))).contains(Duration.ZERO);
        assertThat(RetryAfter.parse("Sun, 06 Nov 1994 08:49:31 GMT", NOW.plusMillis(250)))
                .contains(Duration.ofMillis(750));
        assertThat(RetryAfter.parse("Sat, 05 Nov 1994 08:49:37 GMT", NOW)).contains(Duration.ZERO); // in the past: now
    }

    @Test
    void aTwoDigitYearMoreThanFiftyYearsAheadIsTheCenturyBefore() {
        Instant in2026 = Instant.parse("2026-01-01T00:00:00Z");
        assertThat(RetryAfter.parse("Thursday, 01-Jan-26 00:00:05 GMT", in2026)).contains(Duration.ofSeconds(5));
        assertThat(RetryAfter.parse("Friday, 01-Jan-76 00:00:00 GMT", in2026)) // 2076: 50 years ahead, kept
                .contains(Duration.between(in2026, Instant.parse("2076-01-01T00:00:00Z")));
        assertThat(RetryAfter.parse("Saturday, 01-Jan-77 00:00:00 GMT", in2026)).contains(Duration.ZERO); // 1977
    }

    @Test
    void absentMalformedNegativeAndImpossibleValuesAreNoDelay() {
        for (String junk : new String[] {null, "", "  ", "-5", "+5", "1.5", "5s", "soon", "0x10", "٣",
                "Sun, 06 Nov 1994 08:49:37", "Sun, 06 Nov 1994 08:49:37 UTC",
                "Sun, 31 Feb 1994 08:49:37 GMT", "Sun, 06 Nov 1994 25:49:37 GMT", "Sun, 06 Foo 1994 08:49:37 GMT",
                "Sunday, 06-Nov-1994 08:49:37 GMT", "Sun Nov 06 08:49:37 94", "120, 60"}) {
            assertThat(RetryAfter.parse(junk, NOW)).as("'%s'", junk).isEmpty();
        }
    }

    @Test
    void onlyA429OrA503CarriesTheDelay() {
        assertThat(RetryAfter.forStatus(429, "3", NOW)).contains(Duration.ofSeconds(3));
        assertThat(RetryAfter.forStatus(503, "3", NOW)).contains(Duration.ofSeconds(3));
        assertThat(RetryAfter.forStatus(500, "3", NOW)).isEmpty();
        assertThat(RetryAfter.forStatus(301, "3", NOW)).isEmpty();
        assertThat(RetryAfter.forStatus(429, null, NOW)).isEmpty();
    }

    @Test
    void theManualClocksWallTimeMovesWithItsReading() {
        ManualClock clock = new ManualClock(Long.MAX_VALUE - 5, NOW); // its reading wraps, its date does not
        clock.advance(Duration.ofSeconds(7));
        assertThat(clock.wallTime()).isEqualTo(NOW.plusSeconds(7));
        assertThat(RetryAfter.parse("Sun, 06 Nov 1994 08:49:37 GMT", clock.wallTime())).contains(Duration.ZERO);
        assertThat(new ManualClock().wallTime()).isEqualTo(ManualClock.WALL_ORIGIN);
    }

    /** An exception carrying a raw header, as a user's client would throw it. */
    static final class TooManyRequests extends RuntimeException implements RetryAfterAware {
        private final String header;

        TooManyRequests(String header) {
            super("429 Too Many Requests");
            this.header = header;
        }

        @Override
        public Optional<Duration> retryAfter(Instant now) {
            return RetryAfter.parse(header, now);
        }
    }

    @Test
    void onlyAFailureOrAValueCarriesADelayAndTheClassifierComesFirst() {
        ManualClock clock = new ManualClock(0, NOW);
        GuardRegistry registry = GuardRegistry.builder().clock(clock).build();
        Guard guard = registry.guard("g").isolation(Isolation.semaphore(10)).build();
        GuardException failure = (GuardException) guard.submitAsync(() -> CompletableFuture.<String>failedFuture(new TooManyRequests("2")))
                .handle((v, t) -> AttemptOutcomes.unwrap(t)).join();
        assertThat(failure).isInstanceOf(CallFailedException.class);
        long two = Duration.ofSeconds(2).toNanos();
        ServerDelays defaults = ServerDelays.DEFAULT;
        assertThat(defaults.nanos(null, failure, clock)).isEqualTo(two);
        assertThat(defaults.nanos(null, new IllegalStateException("wrapped", new TooManyRequests("2")), clock))
                .isEqualTo(two); // a cause is searched
        assertThat(defaults.nanos(null, new CancellationException(), clock)).isEqualTo(ServerDelays.NONE);
        assertThat(defaults.nanos("a plain value", null, clock)).isEqualTo(ServerDelays.NONE);
        assertThat(defaults.nanos((RetryAfterAware) now -> Optional.of(Duration.ofMillis(5)), null, clock))
                .isEqualTo(Duration.ofMillis(5).toNanos());
        assertThat(defaults.nanos((RetryAfterAware) now -> Optional.of(Duration.ofMillis(-5)), null, clock))
                .isEqualTo(ServerDelays.NONE);

        ServerDelays classified = defaults.onResult((value, now) -> value instanceof Integer status && status == 429
                ? RetryAfter.parse("Sun, 06 Nov 1994 08:49:33 GMT", now) : Optional.empty())
                .onException((e, now) -> Optional.of(Duration.ofSeconds(9)));
        assertThat(classified.nanos(429, null, clock)).isEqualTo(Duration.ofSeconds(3).toNanos());
        clock.advance(Duration.ofSeconds(1)); // the date is read against the clock's wall time
        assertThat(classified.nanos(429, null, clock)).isEqualTo(Duration.ofSeconds(2).toNanos());
        assertThat(classified.nanos(200, null, clock)).isEqualTo(ServerDelays.NONE);
        assertThat(classified.nanos(null, failure, clock)).isEqualTo(Duration.ofSeconds(9).toNanos());
        assertThat(defaults.nanos(null, new dev.firebreak.BadRequestException("bad", new TooManyRequests("2")), clock))
                .isEqualTo(ServerDelays.NONE);

        ServerDelays throwing = defaults.onException((e, now) -> {
            throw new IllegalStateException("a broken classifier");
        }).onResult((v, now) -> null);
        assertThat(throwing.nanos(null, failure, clock)).isEqualTo(two); // the answer's own delay still counts
        assertThat(throwing.nanos(null, new IllegalStateException("plain"), clock)).isEqualTo(ServerDelays.NONE);
        assertThat(throwing.nanos("value", null, clock)).isEqualTo(ServerDelays.NONE);
        assertThat(defaults.nanos(null, new TooManyRequests("not a number"), clock)).isEqualTo(ServerDelays.NONE);
        assertThat(defaults.onException((e, now) -> Optional.of(Duration.ofSeconds(Long.MAX_VALUE)))
                .nanos(null, failure, clock)).isEqualTo(Long.MAX_VALUE);
    }
}
