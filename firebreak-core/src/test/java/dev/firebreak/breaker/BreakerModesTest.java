package dev.firebreak.breaker;

import static dev.firebreak.breaker.BreakerPermit.Kind.DENIED;
import static dev.firebreak.breaker.BreakerPermit.Kind.NORMAL;
import static dev.firebreak.breaker.BreakerPermit.Kind.TRIAL;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.firebreak.GuardConfig;
import dev.firebreak.event.EventType;
import dev.firebreak.time.Ticker;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The operator's modes, through the view users get: forced open, forced closed, disabled, metrics
 * only, reset and back to automatic; the mode a breaker starts in; and a forced state never read as
 * the rule's own.
 */
class BreakerModesTest {

    private static final long MS = 1_000_000L;

    private long origin;
    private long now;
    private RollingCircuitBreaker breaker;
    private CircuitBreakerView view;
    private final List<String> transitions = new ArrayList<>();

    private void start(long origin, Consumer<BreakerConfig.Builder> settings) {
        this.origin = origin;
        this.now = origin;
        GuardConfig built = GuardConfig.builder().breaker(settings).build();
        Ticker ticker = () -> now;
        breaker = (RollingCircuitBreaker) CircuitBreakers.create(built.breaker(),
                (int) built.metrics().rollingStatsWindow().toMillis(), built.metrics().rollingStatsBuckets(), ticker);
        view = CircuitBreakers.view(breaker, ticker);
        view.addStateListener((from, to, at) -> transitions.add(from + ">" + to + "@" + (at - origin) / MS));
    }

    private void moveTo(long millis) {
        now = origin + millis * MS;
    }

    private BreakerPermit.Kind call(EventType event) {
        BreakerPermit permit = breaker.tryAcquire(now);
        if (permit != BreakerPermit.DENIED) {
            breaker.onOutcome(permit, event, 0, now);
        }
        return permit.kind();
    }

    private void calls(int n, EventType event, BreakerPermit.Kind expected) {
        for (int i = 0; i < n; i++) {
            assertThat(call(event)).isEqualTo(expected);
        }
    }

    @ParameterizedTest
    @ValueSource(longs = {0L, Long.MAX_VALUE - 1_000 * MS, -1L})
    void forceOpenRefusesEveryCallAndReadsAsForcedUntilAutomatic(long o) {
        start(o, cb -> { });
        assertThat(view.forceOpen()).isEqualTo(BreakerMode.FORCED_OPEN);
        calls(3, EventType.SUCCESS, DENIED);
        assertThat(view.state()).isEqualTo(CircuitState.OPEN);
        assertThat(view.mode()).isEqualTo(BreakerMode.FORCED_OPEN);
        assertThat(view).hasToString("CircuitBreaker[OPEN, FORCED_OPEN]");
        assertThat(transitions).as("the rule's state did not move").isEmpty();
        assertThat(view.automatic()).isEqualTo(BreakerMode.AUTOMATIC);
        assertThat(view.state()).isEqualTo(CircuitState.CLOSED);
        assertThat(view).hasToString("CircuitBreaker[CLOSED]");
        calls(1, EventType.SUCCESS, NORMAL);
    }

    @ParameterizedTest
    @ValueSource(longs = {0L, Long.MIN_VALUE + 1})
    void forceClosedAdmitsAndCountsButNeverOpens(long o) {
        start(o, cb -> { });
        view.forceClosed();
        calls(40, EventType.FAILURE, NORMAL);
        assertThat(view.state()).isEqualTo(CircuitState.CLOSED);
        assertThat(view.mode()).isEqualTo(BreakerMode.FORCED_CLOSED);
        assertThat(breaker.current().window().errors(now)).as("counted").isEqualTo(40);
        view.automatic();
        calls(1, EventType.FAILURE, NORMAL); // the counted failures were kept: this one decides
        assertThat(view.state()).isEqualTo(CircuitState.OPEN);
        assertThat(view.mode()).isEqualTo(BreakerMode.AUTOMATIC);
    }

    @ParameterizedTest
    @ValueSource(longs = {0L, Long.MAX_VALUE})
    void disableAdmitsAndCountsNothingNotEvenOutcomesOfCallsAdmittedBefore(long o) {
        start(o, cb -> { });
        BreakerPermit before = breaker.tryAcquire(now);
        view.disable();
        breaker.onOutcome(before, EventType.FAILURE, 0, now);
        calls(40, EventType.FAILURE, NORMAL);
        assertThat(breaker.current().window().volume(now)).isZero();
        assertThat(view.state()).isEqualTo(CircuitState.CLOSED);
        assertThat(view.mode()).isEqualTo(BreakerMode.DISABLED);
    }

    @ParameterizedTest
    @ValueSource(longs = {0L, Long.MAX_VALUE - 4_000 * MS})
    void metricsOnlyAdmitsEverythingAndReportsWhatTheStateWouldBe(long o) {
        start(o, cb -> { });
        view.metricsOnly();
        calls(20, EventType.FAILURE, NORMAL);
        assertThat(view.state()).as("what it would be").isEqualTo(CircuitState.OPEN);
        assertThat(view.mode()).isEqualTo(BreakerMode.METRICS_ONLY);
        calls(5, EventType.SUCCESS, NORMAL); // would have been short-circuited: admitted, not counted
        moveTo(5_000);
        assertThat(call(EventType.SUCCESS)).as("the trial it would make").isEqualTo(TRIAL);
        assertThat(view.state()).isEqualTo(CircuitState.CLOSED);
        assertThat(transitions).containsExactly("CLOSED>OPEN@0", "OPEN>HALF_OPEN@5000", "HALF_OPEN>CLOSED@5000");
    }

    @ParameterizedTest
    @ValueSource(longs = {0L, -5L})
    void metricsOnlyAdmitsWhatAHalfOpenSpellWouldRefuse(long o) {
        start(o, cb -> { });
        view.metricsOnly();
        calls(20, EventType.FAILURE, NORMAL);
        moveTo(5_000);
        BreakerPermit trial = breaker.tryAcquire(now);
        assertThat(trial.kind()).isEqualTo(TRIAL);
        assertThat(breaker.tryAcquire(now).kind()).as("beyond the trials: admitted untracked").isEqualTo(NORMAL);
        assertThat(view.state()).isEqualTo(CircuitState.HALF_OPEN);
        breaker.onOutcome(trial, EventType.FAILURE, 0, now);
        assertThat(view.state()).isEqualTo(CircuitState.OPEN);
    }

    @ParameterizedTest
    @ValueSource(longs = {0L, Long.MAX_VALUE - 10 * MS})
    void resetClosesWithAnEmptyWindowEndsTheOverrideAndIgnoresOutcomesFromBefore(long o) {
        start(o, cb -> { });
        BreakerPermit before = breaker.tryAcquire(now);
        calls(20, EventType.FAILURE, NORMAL);
        view.forceOpen();
        moveTo(7);
        assertThat(view.reset()).isEqualTo(BreakerMode.AUTOMATIC);
        assertThat(view.state()).isEqualTo(CircuitState.CLOSED);
        assertThat(breaker.current().window().volume(now)).isZero();
        breaker.onOutcome(before, EventType.FAILURE, 0, now);
        assertThat(breaker.current().window().volume(now)).as("admitted before the reset").isZero();
        calls(19, EventType.FAILURE, NORMAL);
        assertThat(view.state()).isEqualTo(CircuitState.CLOSED);
        assertThat(transitions).containsExactly("CLOSED>OPEN@0", "OPEN>CLOSED@7");
    }

    @Test
    void resetEndsAHalfOpenSpellAndItsTrialNoLongerCounts() {
        start(0, cb -> { });
        calls(20, EventType.FAILURE, NORMAL);
        moveTo(5_000);
        BreakerPermit trial = breaker.tryAcquire(now);
        assertThat(trial.kind()).isEqualTo(TRIAL);
        view.reset();
        breaker.onOutcome(trial, EventType.FAILURE, 0, now);
        assertThat(view.state()).isEqualTo(CircuitState.CLOSED);
        assertThat(transitions).containsExactly("CLOSED>OPEN@0", "OPEN>HALF_OPEN@5000", "HALF_OPEN>CLOSED@5000");
    }

    @Test
    void anOverrideWinsOverTheConfigurationsFlagsAndAutomaticHandsBackToThem() {
        start(0, cb -> { });
        CircuitBreakers.reconfigure(breaker, GuardConfig.defaults().toBuilder().breaker(cb -> cb.forceOpen(true)).build().breaker());
        assertThat(view.mode()).isEqualTo(BreakerMode.FORCED_OPEN);
        assertThat(view.forceClosed()).isEqualTo(BreakerMode.FORCED_CLOSED);
        calls(1, EventType.SUCCESS, NORMAL);
        assertThat(view.automatic()).as("the configuration still forces it open").isEqualTo(BreakerMode.FORCED_OPEN);
        calls(1, EventType.SUCCESS, DENIED);
        CircuitBreakers.reconfigure(breaker, GuardConfig.defaults().toBuilder().breaker(cb -> cb.enabled(false)).build().breaker());
        assertThat(view.mode()).isEqualTo(BreakerMode.DISABLED);
        view.metricsOnly();
        CircuitBreakers.reconfigure(breaker, GuardConfig.defaults().breaker());
        assertThat(view.mode()).as("a reconfiguration keeps the override").isEqualTo(BreakerMode.METRICS_ONLY);
    }

    @ParameterizedTest
    @EnumSource(BreakerMode.class)
    void aBreakerStartsInItsInitialModeAsAnOverride(BreakerMode initial) {
        start(0, cb -> cb.initialMode(initial));
        assertThat(view.mode()).isEqualTo(initial);
        assertThat(call(EventType.SUCCESS)).isEqualTo(initial == BreakerMode.FORCED_OPEN ? DENIED : NORMAL);
        assertThat(view.automatic()).isEqualTo(BreakerMode.AUTOMATIC);
        assertThat(call(EventType.SUCCESS)).isEqualTo(NORMAL);
    }

    @Test
    void aTrialAdmittedBeforeAnOverrideStillEndsItsSpell() {
        start(0, cb -> { });
        calls(20, EventType.FAILURE, NORMAL);
        moveTo(5_000);
        BreakerPermit trial = breaker.tryAcquire(now);
        view.disable();
        breaker.onOutcome(trial, EventType.SUCCESS, 0, now);
        view.automatic();
        assertThat(view.state()).as("not stuck half-open").isEqualTo(CircuitState.CLOSED);
    }

    @Test
    void theBreakerThatNeverOpensRefusesOperationsSayingWhy() {
        CircuitBreakerView never = CircuitBreakers.view(CircuitBreaker.alwaysClosed(), () -> 0L);
        assertThat(never.mode()).isEqualTo(BreakerMode.AUTOMATIC);
        assertThatThrownBy(never::forceOpen).isInstanceOf(UnsupportedOperationException.class)
                .hasMessage("forceOpen: this breaker always admits and has no state to change");
    }
}
