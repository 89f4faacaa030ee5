package dev.firebreak.breaker;

import dev.firebreak.event.EventType;
import dev.firebreak.event.ListenerFailures;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Firebreak's circuit breaker: it decides on the call that crosses the threshold, not from a periodic
 * health snapshot. Time is data: every method takes the caller's clock reading.
 *
 * <p>The rule:
 * <ul>
 *   <li><b>CLOSED</b>: every call runs. Each counted outcome (see {@link HealthWindow}) is recorded
 *       in the rolling health window and the {@link HealthRule} is applied at once to the window that
 *       now holds it; when it says open, the circuit opens before the outcome is returned, so the
 *       very next call is short-circuited.</li>
 *   <li><b>OPEN</b>: calls are denied until {@code sleepWindowInMilliseconds} has passed since it
 *       opened; the first call after that turns it HALF_OPEN and is its first trial.</li>
 *   <li><b>HALF_OPEN</b>: at most {@code halfOpenTrialCalls} trials are admitted, everything else is
 *       denied. A trial passes on SUCCESS (not slow) or BAD_REQUEST (the dependency answered); any
 *       other outcome (an error, a slow success, CANCELLED) fails it. All trials passed: CLOSED with
 *       a new, empty window. One failed: OPEN for another sleep window. Since the guard reports every
 *       permit's outcome exactly once, a half-open spell always ends.</li>
 *   <li>Modes ({@link BreakerMode}) override the rule: FORCED_OPEN denies everything; FORCED_CLOSED
 *       permits everything and never opens (outcomes still counted); DISABLED permits everything and
 *       counts nothing; METRICS_ONLY runs the rule (counts, transitions, listeners) but permits every
 *       call the rule would deny. The mode is an operator's override if one is set, else what the
 *       configuration's flags ({@code forceOpen}, {@code forceClosed}, {@code enabled}) say; both apply
 *       live, from the next decision. Trial outcomes are always learnt, so a half-open spell ends
 *       whatever the mode.</li>
 * </ul>
 *
 * <p>Concurrency: the configuration, its rules and the mode its flags set are one immutable
 * {@link BreakerSettings}, read once per decision and replaced whole on reconfiguration. The state is
 * one immutable {@link BreakerState} in an {@link AtomicReference}, the operator's override included,
 * so a call's decision is taken on one read of it and an operator's transition is one compare-and-set:
 * a call that starts after {@link #override} returned decides under the new mode;
 * every transition is one compare-and-set whose retry loop only computes the next value. Listeners
 * are called after a successful CAS, outside any loop. Outcomes carry their permit's period: an
 * outcome from an ended CLOSED or HALF_OPEN spell changes nothing. The CLOSED path of
 * {@link #tryAcquire} allocates nothing and takes no lock.
 */
final class RollingCircuitBreaker implements CircuitBreaker {

    private final HealthWindow.Shape shape;
    private final AtomicReference<BreakerState> state;
    private final CopyOnWriteArrayList<CircuitStateListener> listeners = new CopyOnWriteArrayList<>();
    /** The settings in force and their rules, swapped as one (one volatile read a call). */
    private volatile BreakerSettings settings;

    /**
     * A closed breaker whose TIME health window spans {@code windowNanos} in {@code buckets} buckets
     * (a COUNT window holds {@code settings.slidingWindowSize()} calls), created at {@code nowNanos}, in
     * {@code settings.initialMode()}.
     */
    RollingCircuitBreaker(BreakerConfig settings, long windowNanos, int buckets, long nowNanos) {
        BreakerMode initial = settings.initialMode();
        this.settings = BreakerSettings.of(settings);
        this.shape = HealthWindow.shape(settings, windowNanos, buckets);
        this.state = new AtomicReference<>(BreakerState.closed(0, nowNanos, shape.newWindow(nowNanos),
                initial == BreakerMode.AUTOMATIC ? null : initial));
    }

    @Override
    public Object enter(long nowNanos) {
        BreakerPermit permit = tryAcquire(nowNanos);
        return permit == BreakerPermit.DENIED ? null : permit;
    }

    @Override
    public void exit(Object permit, EventType event, long executionNanos, long nowNanos) {
        onOutcome((BreakerPermit) permit, event, executionNanos, nowNanos);
    }

    /** Asks to run a call at {@code nowNanos}: DENIED (short-circuit), or a permit to give back to {@link #onOutcome}. */
    BreakerPermit tryAcquire(long nowNanos) {
        BreakerSettings s = settings;
        BreakerConfig c = s.config();
        while (true) {
            BreakerState current = state.get();
            BreakerMode mode = s.modeOf(current);
            if (mode == BreakerMode.DISABLED) {
                return BreakerPermit.NORMAL;
            }
            if (mode == BreakerMode.FORCED_OPEN) {
                return BreakerPermit.DENIED;
            }
            // What the rule denies, METRICS_ONLY admits untracked: the call would have been short-circuited.
            BreakerPermit refusal = mode == BreakerMode.METRICS_ONLY ? BreakerPermit.NORMAL : BreakerPermit.DENIED;
            BreakerState next;
            switch (current.state()) {
                case CLOSED -> {
                    return current.permit();
                }
                case OPEN -> {
                    if (mode == BreakerMode.FORCED_CLOSED) {
                        return BreakerPermit.NORMAL;
                    }
                    if (nowNanos - current.sinceNanos() < c.sleepWindowNanos()) { // wrap-safe difference
                        return refusal;
                    }
                    next = current.halfOpen(nowNanos);
                }
                default -> { // HALF_OPEN
                    if (mode == BreakerMode.FORCED_CLOSED) {
                        return BreakerPermit.NORMAL;
                    }
                    if (current.admitted() >= c.halfOpenTrialCalls()) {
                        return refusal;
                    }
                    next = current.admitTrial();
                }
            }
            if (state.compareAndSet(current, next)) {
                if (current.state() != next.state()) {
                    notifyListeners(current.state(), next.state(), nowNanos);
                }
                return next.permit();
            }
            // Another call changed the state first: decide again on the new one.
        }
    }

    /**
     * Learns how a permitted call ended: {@code permit} is what {@link #tryAcquire} gave it (never DENIED),
     * {@code executionEvent} its execution event, {@code executionNanos} how long it ran, {@code nowNanos}
     * when it ended.
     */
    void onOutcome(BreakerPermit permit, EventType executionEvent, long executionNanos, long nowNanos) {
        if (permit.period() < 0) {
            return; // DENIED, or a permit no period tracks (disabled, forced closed, admitted by METRICS_ONLY)
        }
        BreakerSettings s = settings;
        HealthRule rule = s.rule();
        boolean slow = rule.isSlow(executionEvent, executionNanos);
        if (permit.isTrial()) {
            onTrialOutcome(permit, executionEvent, slow, nowNanos, s.config()); // in every mode: the spell must end
            return;
        }
        BreakerState current = state.get();
        if (s.modeOf(current) == BreakerMode.DISABLED || current.state() != CircuitState.CLOSED
                || current.period() != permit.period() || !HealthWindow.countsForVolume(executionEvent)) {
            return; // disabled, a late outcome of an ended closed spell, or an outcome that does not count
        }
        if (!current.window().recordAndShouldOpen(executionEvent.isError(), slow, rule, nowNanos)) {
            return;
        }
        while (true) { // the window crosses the rule: open, unless the mode forbids it
            BreakerMode mode = s.modeOf(current);
            if (mode != BreakerMode.AUTOMATIC && mode != BreakerMode.METRICS_ONLY) {
                return; // forced open or closed, or disabled: the rule does not move the state
            }
            if (state.compareAndSet(current, current.open(nowNanos))) {
                notifyListeners(CircuitState.CLOSED, CircuitState.OPEN, nowNanos);
                return;
            }
            BreakerState seen = state.get();
            if (seen.state() != CircuitState.CLOSED || seen.period() != permit.period()) {
                return; // another outcome opened it first, or the spell ended otherwise (a reset)
            }
            current = seen; // only the override changed: decide again under the new one
        }
    }

    private void onTrialOutcome(BreakerPermit permit, EventType event, boolean slow, long nowNanos, BreakerConfig s) {
        boolean passed = (event == EventType.SUCCESS && !slow) || event == EventType.BAD_REQUEST;
        HealthWindow fresh = null;
        while (true) {
            BreakerState current = state.get();
            if (current.state() != CircuitState.HALF_OPEN || current.period() != permit.period()) {
                return; // a trial of an ended half-open spell
            }
            BreakerState next;
            if (!passed) {
                next = current.open(nowNanos);
            } else if (current.passed() + 1 >= s.halfOpenTrialCalls()) {
                if (fresh == null) {
                    fresh = shape.newWindow(nowNanos);
                }
                next = BreakerState.closed(current.period() + 1, nowNanos, fresh, current.override());
            } else {
                next = current.trialPassed();
            }
            if (state.compareAndSet(current, next)) {
                if (next.state() != CircuitState.HALF_OPEN) {
                    notifyListeners(CircuitState.HALF_OPEN, next.state(), nowNanos);
                }
                return;
            }
        }
    }

    /** The state as of {@code nowNanos}, as the mode reports it; users read it through a {@link CircuitBreakerView}. */
    CircuitState state(long nowNanos) {
        BreakerState current = state.get();
        return switch (settings.modeOf(current)) {
            case FORCED_OPEN -> CircuitState.OPEN;
            case FORCED_CLOSED, DISABLED -> CircuitState.CLOSED;
            case AUTOMATIC, METRICS_ONLY -> current.state();
        };
    }

    /** The mode in force. */
    BreakerMode mode() {
        return settings.modeOf(state.get());
    }

    /**
     * Sets the operator's override ({@code null}: none, the configuration's flags decide) in one
     * compare-and-set, keeping the rule's state, and returns the mode now in force. Every decision
     * that starts after this returns uses it.
     */
    BreakerMode override(BreakerMode next) {
        BreakerState current;
        do {
            current = state.get();
        } while (!state.compareAndSet(current, current.withOverride(next)));
        return next != null ? next : settings.configuredMode();
    }

    /**
     * In one compare-and-set, closes the circuit at {@code nowNanos} with an empty window, whatever its
     * state (permits of the ended spell no longer count), and ends any override; returns the mode now
     * in force.
     */
    BreakerMode reset(long nowNanos) {
        HealthWindow fresh = shape.newWindow(nowNanos);
        BreakerState current;
        do {
            current = state.get();
        } while (!state.compareAndSet(current, BreakerState.closed(current.period() + 1, nowNanos, fresh, null)));
        if (current.state() != CircuitState.CLOSED) {
            notifyListeners(current.state(), CircuitState.CLOSED, nowNanos);
        }
        return settings.configuredMode();
    }

    @Override
    public void addStateListener(CircuitStateListener listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
    }

    @Override
    public void removeStateListener(CircuitStateListener listener) {
        listeners.remove(listener);
    }

    /**
     * Applies new thresholds, force flags and the enabled flag; they hold from the next decision. The
     * window's shape (type, size, time geometry) keeps its creation values.
     */
    void reconfigure(BreakerConfig next) {
        settings = BreakerSettings.of(next);
    }

    /** The settings in force. */
    BreakerConfig settings() {
        return settings.config();
    }

    /** The state record, for tests and diagnostics. */
    BreakerState current() {
        return state.get();
    }

    private void notifyListeners(CircuitState from, CircuitState to, long nowNanos) {
        for (CircuitStateListener listener : listeners) {
            try {
                listener.onTransition(from, to, nowNanos);
            } catch (Throwable thrown) {
                ListenerFailures.report(listener, "circuit " + from + " -> " + to, thrown);
            }
        }
    }
}
