package dev.firebreak.breaker;

import static dev.firebreak.breaker.BreakerPermit.Kind.DENIED;
import static dev.firebreak.breaker.BreakerPermit.Kind.NORMAL;
import static dev.firebreak.breaker.BreakerPermit.Kind.TRIAL;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.firebreak.Guard;
import dev.firebreak.GuardConfig;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.config.InvalidConfigException;
import dev.firebreak.event.EventType;
import dev.firebreak.testkit.ManualClock;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * The COUNT window ({@code circuitBreaker.slidingWindowType=COUNT}): the last
 * {@code slidingWindowSize} calls, whatever the clock says, judged by the same rule as the TIME
 * window; its keys are checked and fixed at creation.
 */
class CountWindowBreakerTest {

    private static final long MS = 1_000_000L;

    private long origin;
    private RollingCircuitBreaker breaker;
    private final List<String> transitions = new ArrayList<>();

    private void start(long origin, Consumer<BreakerConfig.Builder> settings) {
        this.origin = origin;
        GuardConfig built = GuardConfig.builder().breaker(cb -> {
            cb.slidingWindowType(SlidingWindowType.COUNT);
            settings.accept(cb);
        }).build();
        breaker = (RollingCircuitBreaker) CircuitBreakers.create(built.breaker(),
                (int) built.metrics().rollingStatsWindow().toMillis(), built.metrics().rollingStatsBuckets(), () -> origin);
        breaker.addStateListener((from, to, at) -> transitions.add(from + ">" + to + "@" + (at - origin) / MS));
    }

    private long at(long millis) {
        return origin + millis * MS;
    }

    private BreakerPermit.Kind call(long millis, EventType event) {
        BreakerPermit permit = breaker.tryAcquire(at(millis));
        if (permit != BreakerPermit.DENIED) {
            breaker.onOutcome(permit, event, 0, at(millis));
        }
        return permit.kind();
    }

    private void calls(int n, long millis, EventType event) {
        for (int i = 0; i < n; i++) {
            assertThat(call(millis, event)).isEqualTo(NORMAL);
        }
    }

    @ParameterizedTest
    @ValueSource(longs = {0L, Long.MAX_VALUE - 3_000 * MS, Long.MIN_VALUE + 1, -1L})
    void aWindowOfTwentyOpensOnTheTenthFailureAfterTenSuccesses(long o) {
        start(o, cb -> cb.slidingWindowSize(20)); // requestVolumeThreshold 20, errorThresholdPercentage 50
        calls(10, 0, EventType.SUCCESS);
        calls(9, 1, EventType.FAILURE);
        assertThat(breaker.state(at(1))).as("19 calls: below the volume").isEqualTo(CircuitState.CLOSED);
        assertThat(call(2, EventType.FAILURE)).isEqualTo(NORMAL);
        assertThat(breaker.state(at(2))).as("10 of the last 20").isEqualTo(CircuitState.OPEN);
        assertThat(call(2, EventType.SUCCESS)).isEqualTo(DENIED);
        assertThat(transitions).containsExactly("CLOSED>OPEN@2");
    }

    @ParameterizedTest
    @ValueSource(longs = {0L, Long.MAX_VALUE - 1_000 * MS})
    void onlyTheLastCallsCountHoweverOldOrRecent(long o) {
        start(o, cb -> cb.slidingWindowSize(10).requestVolumeThreshold(10));
        calls(4, 0, EventType.FAILURE);
        calls(10, 1, EventType.SUCCESS); // the 4 failures left the window, call by call
        assertThat(breaker.current().window().errors(at(1))).isZero();
        calls(4, 3_600_000, EventType.FAILURE); // an hour later: the successes are still the window (no expiry by time)
        assertThat(breaker.current().window().volume(at(3_600_000))).isEqualTo(10);
        assertThat(breaker.state(at(3_600_000))).as("4 of 10").isEqualTo(CircuitState.CLOSED);
        assertThat(call(3_600_000, EventType.TIMEOUT)).isEqualTo(NORMAL);
        assertThat(breaker.state(at(3_600_000))).as("5 of 10").isEqualTo(CircuitState.OPEN);
    }

    @ParameterizedTest
    @ValueSource(longs = {0L, Long.MAX_VALUE})
    void badRequestsAndCancellationsTakeNoPlaceAndSlowCallsCount(long o) {
        start(o, cb -> cb.slidingWindowSize(5).requestVolumeThreshold(5)
                .slowCallDurationThreshold(Duration.ofMillis(100)).slowCallThresholdPercentage(60));
        calls(5, 0, EventType.SUCCESS);
        calls(20, 0, EventType.BAD_REQUEST);
        calls(20, 0, EventType.CANCELLED);
        assertThat(breaker.current().window().volume(at(0))).isEqualTo(5);
        for (int i = 0; i < 2; i++) {
            breaker.onOutcome(breaker.tryAcquire(at(0)), EventType.SUCCESS, 100 * MS, at(0));
        }
        assertThat(breaker.state(at(0))).as("2 slow of 5").isEqualTo(CircuitState.CLOSED);
        breaker.onOutcome(breaker.tryAcquire(at(0)), EventType.SUCCESS, 150 * MS, at(0));
        assertThat(breaker.state(at(0))).as("3 slow of 5").isEqualTo(CircuitState.OPEN);
    }

    @ParameterizedTest
    @ValueSource(longs = {0L, Long.MIN_VALUE})
    void aTrialThatPassesClosesWithAnEmptyCountWindow(long o) {
        start(o, cb -> cb.slidingWindowSize(4).requestVolumeThreshold(4));
        calls(4, 0, EventType.FAILURE);
        assertThat(call(5_000, EventType.SUCCESS)).isEqualTo(TRIAL);
        assertThat(breaker.state(at(5_000))).isEqualTo(CircuitState.CLOSED);
        assertThat(breaker.current().window().volume(at(5_000))).isZero();
        calls(3, 5_001, EventType.FAILURE);
        assertThat(breaker.state(at(5_001))).as("3 calls: below the volume of 4").isEqualTo(CircuitState.CLOSED);
        assertThat(transitions).containsExactly("CLOSED>OPEN@0", "OPEN>HALF_OPEN@5000", "HALF_OPEN>CLOSED@5000");
    }

    @Test
    void aVolumeAboveTheWindowOrASizeOutOfRangeIsRefusedNamingKeysValueAndRule() {
        assertThatThrownBy(() -> BreakerConfig.builder().slidingWindowType(SlidingWindowType.COUNT).slidingWindowSize(10).build())
                .isInstanceOf(InvalidConfigException.class)
                .hasMessage("circuitBreaker.requestVolumeThreshold = 20: must be <= circuitBreaker.slidingWindowSize (10)"
                        + " when circuitBreaker.slidingWindowType is COUNT: the window never holds more calls");
        assertThatThrownBy(() -> BreakerConfig.builder().slidingWindowSize(0).build())
                .isInstanceOf(InvalidConfigException.class).hasMessageContaining("circuitBreaker.slidingWindowSize");
        assertThatThrownBy(() -> BreakerConfig.builder().slidingWindowSize(1_000_001).build())
                .isInstanceOf(InvalidConfigException.class).hasMessageContaining("between 1 and 1000000");
        assertThat(BreakerConfig.builder().slidingWindowSize(10).build().slidingWindowType())
                .as("a TIME window ignores the size").isEqualTo(SlidingWindowType.TIME);
    }

    @Test
    void theWindowTypeAndSizeAreFixedAtCreation() throws IOException {
        ManualClock clock = new ManualClock(0);
        GuardRegistry registry = GuardRegistry.builder().clock(clock).build();
        Guard guard = registry.guard("counted").isolation(Isolation.semaphore(10))
                .configure(c -> c.breaker(cb -> cb.slidingWindowType(SlidingWindowType.COUNT).slidingWindowSize(20)))
                .build();
        GuardConfig timed = guard.controls().config().toBuilder()
                .breaker(cb -> cb.slidingWindowType(SlidingWindowType.TIME).slidingWindowSize(40).errorThresholdPercentage(40))
                .build();
        assertThat(guard.controls().reconfigure(timed)).as("refused in part").isFalse();
        BreakerConfig inForce = guard.controls().config().breaker();
        assertThat(inForce.slidingWindowType()).isEqualTo(SlidingWindowType.COUNT);
        assertThat(inForce.slidingWindowSize()).isEqualTo(20);
        assertThat(inForce.errorThresholdPercentage()).as("the live key applied").isEqualTo(40);
        for (int i = 0; i < 12; i++) {
            guard.execute(() -> "ok", failure -> "fallback");
        }
        for (int i = 0; i < 8; i++) {
            guard.execute(() -> {
                throw new IOException("down");
            }, failure -> "fallback");
        }
        assertThat(guard.controls().circuitBreaker().state()).as("8 of the last 20 = 40 %").isEqualTo(CircuitState.OPEN);
        registry.close();
    }
}
