package dev.firebreak.breaker;

import static dev.firebreak.breaker.BreakerPermit.Kind.DENIED;
import static dev.firebreak.breaker.BreakerPermit.Kind.NORMAL;
import static dev.firebreak.breaker.BreakerPermit.Kind.TRIAL;
import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.GuardConfig;
import dev.firebreak.event.EventType;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Every transition of the breaker, as arithmetic on clock readings, from ordinary and hostile origins. */
class RollingCircuitBreakerTest {

    private static final long MS = 1_000_000L;
    private static final long SLEEP = 5_000 * MS;

    private long origin;
    private RollingCircuitBreaker breaker;
    private final List<String> transitions = new ArrayList<>();

    private void start(long origin, Consumer<GuardConfig.Builder> settings) {
        this.origin = origin;
        GuardConfig.Builder config = GuardConfig.builder();
        settings.accept(config);
        GuardConfig built = config.build();
        breaker = (RollingCircuitBreaker) CircuitBreakers.create(built.breaker(),
                (int) built.metrics().rollingStatsWindow().toMillis(), built.metrics().rollingStatsBuckets(), () -> origin);
        breaker.addStateListener((from, to, at) -> transitions.add(from + ">" + to + "@" + (at - origin) / MS));
    }

    private long at(long millis) {
        return origin + millis * MS; // wraps past Long.MAX_VALUE on purpose
    }

    /** One whole call at {@code millis}: acquire, and if permitted report {@code event}; returns the permit kind. */
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

    private CircuitState state(long millis) {
        return breaker.state(at(millis));
    }

    @ParameterizedTest
    @ValueSource(longs = {0L, Long.MAX_VALUE - 3_000 * MS, Long.MIN_VALUE + 1, -1L, Long.MAX_VALUE})
    void opensOnTheCallThatCrossesTheThresholdAndTheNextIsShortCircuited(long o) {
        start(o, c -> { });
        calls(10, 0, EventType.SUCCESS);
        calls(9, 100, EventType.FAILURE);
        assertThat(state(100)).as("19 calls: below the volume").isEqualTo(CircuitState.CLOSED);
        assertThat(call(100, EventType.TIMEOUT)).isEqualTo(NORMAL); // 10 errors of 20 = 50 %
        assertThat(state(100)).isEqualTo(CircuitState.OPEN);
        assertThat(call(100, EventType.SUCCESS)).isEqualTo(DENIED);
        assertThat(transitions).containsExactly("CLOSED>OPEN@100");
    }

    @ParameterizedTest
    @ValueSource(longs = {0L, Long.MAX_VALUE - 3_000 * MS, -1L})
    void staysClosedBelowTheVolumeOrThePercentage(long o) {
        start(o, c -> { });
        calls(19, 0, EventType.FAILURE);
        assertThat(state(0)).isEqualTo(CircuitState.CLOSED);
        start(o, c -> { });
        calls(11, 0, EventType.SUCCESS);
        calls(9, 0, EventType.FAILURE); // 45 %
        assertThat(state(0)).isEqualTo(CircuitState.CLOSED);
        calls(1, 0, EventType.SEMAPHORE_REJECTED); // 10 of 21 = 47 %
        assertThat(state(0)).isEqualTo(CircuitState.CLOSED);
        calls(1, 0, EventType.LIMIT_REJECTED); // 11 of 22 = 50 %
        assertThat(state(0)).isEqualTo(CircuitState.OPEN);
    }

    @ParameterizedTest
    @ValueSource(longs = {0L, Long.MAX_VALUE - 1, Long.MIN_VALUE})
    void badRequestsAndCancellationsCountForNeitherVolumeNorErrors(long o) {
        start(o, c -> { });
        calls(50, 0, EventType.BAD_REQUEST);
        calls(50, 0, EventType.CANCELLED);
        calls(19, 0, EventType.THREAD_POOL_REJECTED);
        assertThat(state(0)).isEqualTo(CircuitState.CLOSED);
        assertThat(breaker.current().window().volume(at(0))).isEqualTo(19);
        calls(1, 0, EventType.FAILURE);
        assertThat(state(0)).isEqualTo(CircuitState.OPEN);
    }

    @ParameterizedTest
    @ValueSource(longs = {0L, Long.MAX_VALUE - 3_000 * MS, -5_000 * MS})
    void errorsLeaveTheWindowWithTheirBucket(long o) {
        start(o, c -> { });
        calls(19, 0, EventType.FAILURE);
        calls(1, 10_000, EventType.FAILURE); // the 19 left at 10 s (10 buckets of 1 s)
        assertThat(state(10_000)).isEqualTo(CircuitState.CLOSED);
        calls(19, 10_999, EventType.FAILURE); // 20 in the window 1..10 s
        assertThat(state(10_999)).isEqualTo(CircuitState.OPEN);
    }

    @ParameterizedTest
    @ValueSource(longs = {0L, Long.MAX_VALUE - 2_000 * MS, Long.MIN_VALUE + 7, -1L})
    void sleepWindowThenOneTrialThenClosedWithAnEmptyWindow(long o) {
        start(o, c -> { });
        calls(20, 0, EventType.FAILURE);
        assertThat(call(4_999, EventType.SUCCESS)).isEqualTo(DENIED);
        BreakerPermit trial = breaker.tryAcquire(at(5_000));
        assertThat(trial.kind()).isEqualTo(TRIAL);
        assertThat(state(5_000)).isEqualTo(CircuitState.HALF_OPEN);
        assertThat(breaker.tryAcquire(at(5_000)).kind()).as("only one trial").isEqualTo(DENIED);
        breaker.onOutcome(trial, EventType.SUCCESS, 3 * MS, at(5_003));
        assertThat(state(5_003)).isEqualTo(CircuitState.CLOSED);
        assertThat(breaker.current().window().volume(at(5_003))).as("the window restarted empty").isZero();
        calls(19, 5_004, EventType.FAILURE);
        assertThat(state(5_004)).isEqualTo(CircuitState.CLOSED);
        assertThat(transitions).containsExactly("CLOSED>OPEN@0", "OPEN>HALF_OPEN@5000", "HALF_OPEN>CLOSED@5003");
    }

    @ParameterizedTest
    @ValueSource(strings = {"FAILURE", "TIMEOUT", "THREAD_POOL_REJECTED", "SEMAPHORE_REJECTED", "LIMIT_REJECTED", "CANCELLED"})
    void aTrialThatDoesNotSucceedReopensForAnotherSleepWindow(String outcome) {
        start(Long.MAX_VALUE - 7_000 * MS, c -> { });
        calls(20, 0, EventType.FAILURE);
        BreakerPermit trial = breaker.tryAcquire(at(6_000));
        breaker.onOutcome(trial, EventType.valueOf(outcome), 0, at(6_500));
        assertThat(state(6_500)).isEqualTo(CircuitState.OPEN);
        assertThat(call(11_499, EventType.SUCCESS)).as("sleeps from the trial's end").isEqualTo(DENIED);
        assertThat(call(11_500, EventType.SUCCESS)).isEqualTo(TRIAL);
        assertThat(state(11_500)).isEqualTo(CircuitState.CLOSED);
        assertThat(transitions).containsExactly("CLOSED>OPEN@0", "OPEN>HALF_OPEN@6000", "HALF_OPEN>OPEN@6500",
                "OPEN>HALF_OPEN@11500", "HALF_OPEN>CLOSED@11500");
    }

    @ParameterizedTest
    @ValueSource(longs = {0L, Long.MAX_VALUE})
    void aBadRequestTrialClosesTheDependencyAnswered(long o) {
        start(o, c -> { });
        calls(20, 0, EventType.FAILURE);
        assertThat(call(5_000, EventType.BAD_REQUEST)).isEqualTo(TRIAL);
        assertThat(state(5_000)).isEqualTo(CircuitState.CLOSED);
    }

    @ParameterizedTest
    @ValueSource(longs = {0L, Long.MAX_VALUE - 5_000 * MS})
    void severalTrialsAllMustPassAndNoMoreAreAdmitted(long o) {
        start(o, c -> c.breaker(cb -> cb.halfOpenTrialCalls(3)));
        calls(20, 0, EventType.FAILURE);
        BreakerPermit a = breaker.tryAcquire(at(5_000));
        BreakerPermit b = breaker.tryAcquire(at(5_000));
        breaker.onOutcome(a, EventType.SUCCESS, 0, at(5_001));
        BreakerPermit c = breaker.tryAcquire(at(5_001));
        assertThat(List.of(a.kind(), b.kind(), c.kind())).containsOnly(TRIAL);
        assertThat(breaker.tryAcquire(at(5_002)).kind()).as("a passed trial does not free a slot").isEqualTo(DENIED);
        breaker.onOutcome(b, EventType.SUCCESS, 0, at(5_002));
        assertThat(state(5_002)).isEqualTo(CircuitState.HALF_OPEN);
        breaker.onOutcome(c, EventType.SUCCESS, 0, at(5_003));
        assertThat(state(5_003)).isEqualTo(CircuitState.CLOSED);

        calls(20, 6_000, EventType.FAILURE);
        BreakerPermit d = breaker.tryAcquire(at(11_000));
        BreakerPermit e = breaker.tryAcquire(at(11_000));
        breaker.onOutcome(d, EventType.FAILURE, 0, at(11_001));
        assertThat(state(11_001)).isEqualTo(CircuitState.OPEN);
        // e is a trial of the ended half-open spell: its success, arriving during the next spell, must not count
        BreakerPermit f = breaker.tryAcquire(at(16_001));
        breaker.onOutcome(e, EventType.SUCCESS, 0, at(16_002));
        breaker.onOutcome(e, EventType.SUCCESS, 0, at(16_002));
        breaker.onOutcome(e, EventType.SUCCESS, 0, at(16_002));
        assertThat(state(16_002)).isEqualTo(CircuitState.HALF_OPEN);
        assertThat(breaker.current().passed()).isZero();
        breaker.onOutcome(f, EventType.FAILURE, 0, at(16_003));
        assertThat(state(16_003)).isEqualTo(CircuitState.OPEN);
    }

    @ParameterizedTest
    @ValueSource(longs = {0L, Long.MIN_VALUE})
    void lateOutcomesOfAnEndedClosedSpellDoNotCount(long o) {
        start(o, c -> c.breaker(cb -> cb.requestVolumeThreshold(2)));
        BreakerPermit slow = breaker.tryAcquire(at(0));
        calls(2, 0, EventType.FAILURE);
        assertThat(call(5_000, EventType.SUCCESS)).isEqualTo(TRIAL);
        breaker.onOutcome(slow, EventType.FAILURE, 0, at(5_001)); // admitted before the circuit opened
        calls(1, 5_001, EventType.FAILURE);
        assertThat(state(5_001)).as("one failure of the new spell, below the volume of 2").isEqualTo(CircuitState.CLOSED);
    }

    @ParameterizedTest
    @ValueSource(longs = {0L, Long.MAX_VALUE - 1_000 * MS})
    void slowCallsOpenTheCircuitAndASlowTrialFails(long o) {
        start(o, c -> c.breaker(cb -> cb.slowCallDurationThreshold(Duration.ofMillis(100)).slowCallThresholdPercentage(50)));
        for (int i = 0; i < 10; i++) {
            breaker.onOutcome(breaker.tryAcquire(at(0)), EventType.SUCCESS, 99 * MS, at(0));
        }
        for (int i = 0; i < 9; i++) {
            breaker.onOutcome(breaker.tryAcquire(at(0)), EventType.SUCCESS, 100 * MS, at(0));
        }
        assertThat(state(0)).isEqualTo(CircuitState.CLOSED);
        breaker.onOutcome(breaker.tryAcquire(at(0)), EventType.SUCCESS, 250 * MS, at(0));
        assertThat(state(0)).isEqualTo(CircuitState.OPEN);
        BreakerPermit trial = breaker.tryAcquire(at(5_000));
        breaker.onOutcome(trial, EventType.SUCCESS, 100 * MS, at(5_100));
        assertThat(state(5_100)).isEqualTo(CircuitState.OPEN);
    }

    @ParameterizedTest
    @ValueSource(longs = {0L, -1L})
    void forceFlagsAndEnabledApplyLive(long o) {
        start(o, c -> { });
        GuardConfig base = GuardConfig.defaults();
        CircuitBreakers.reconfigure(breaker, base.toBuilder().breaker(cb -> cb.forceOpen(true)).build().breaker());
        assertThat(call(0, EventType.SUCCESS)).isEqualTo(DENIED);
        assertThat(state(0)).isEqualTo(CircuitState.OPEN);
        CircuitBreakers.reconfigure(breaker, base.toBuilder().breaker(cb -> cb.forceClosed(true)).build().breaker());
        calls(40, 0, EventType.FAILURE);
        assertThat(state(0)).as("forced closed never opens").isEqualTo(CircuitState.CLOSED);
        CircuitBreakers.reconfigure(breaker, base.breaker());
        calls(1, 0, EventType.FAILURE); // the forced-closed failures were counted: this one decides
        assertThat(breaker.current().state()).isEqualTo(CircuitState.OPEN);
        CircuitBreakers.reconfigure(breaker, base.toBuilder().breaker(cb -> cb.enabled(false)).build().breaker());
        assertThat(call(0, EventType.FAILURE)).isEqualTo(NORMAL);
        assertThat(state(0)).isEqualTo(CircuitState.CLOSED);
        CircuitBreakers.reconfigure(breaker, base.toBuilder().breaker(cb -> cb.errorThresholdPercentage(100)
                .sleepWindow(Duration.ofMillis(1))).build().breaker());
        assertThat(call(1, EventType.SUCCESS)).as("the new 1 ms sleep window applies").isEqualTo(TRIAL);
    }

    @ParameterizedTest
    @ValueSource(longs = {0L})
    void listenersRunAfterTheChangeAndOneThatThrowsIsIgnored(long o) {
        start(o, c -> c.breaker(cb -> cb.requestVolumeThreshold(1)));
        List<CircuitState> seenInside = new ArrayList<>();
        breaker.addStateListener((from, to, at) -> {
            throw new IllegalStateException("listener bug");
        });
        breaker.addStateListener((from, to, at) -> seenInside.add(breaker.state(at)));
        calls(1, 0, EventType.FAILURE);
        assertThat(seenInside).containsExactly(CircuitState.OPEN);
        assertThat(transitions).containsExactly("CLOSED>OPEN@0");
    }
}
