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
 *   <li>{@code forceOpen} denies everything; {@code forceClosed} permits everything and never opens
 *       (outcomes still counted); {@code enabled=false} permits everything untracked. All apply live.</li>
 * </ul>
 *
 * <p>Concurrency: the state is one immutable {@link BreakerState} in an {@link AtomicReference};
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
    private volatile InForce settings;

    /**
     * A closed breaker whose TIME health window spans {@code windowNanos} in {@code buckets} buckets
     * (a COUNT window holds {@code settings.slidingWindowSize()} calls), created at {@code nowNanos}.
     */
    RollingCircuitBreaker(BreakerConfig settings, long windowNanos, int buckets, long nowNanos) {
        this.settings = new InForce(settings);
        this.shape = HealthWindow.shape(settings, windowNanos, buckets);
        this.state = new AtomicReference<>(BreakerState.closed(0, nowNanos, shape.newWindow(nowNanos)));
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
        BreakerConfig s = settings.config();
        if (!s.enabled()) {
            return BreakerPermit.NORMAL;
        }
        if (s.forceOpen()) {
            return BreakerPermit.DENIED;
        }
        while (true) {
            BreakerState current = state.get();
            BreakerState next;
            switch (current.state()) {
                case CLOSED -> {
                    return current.permit();
                }
                case OPEN -> {
                    if (s.forceClosed()) {
                        return BreakerPermit.NORMAL;
                    }
                    if (nowNanos - current.sinceNanos() < s.sleepWindowNanos()) { // wrap-safe difference
                        return BreakerPermit.DENIED;
                    }
                    next = current.halfOpen(nowNanos);
                }
                default -> { // HALF_OPEN
                    if (s.forceClosed()) {
                        return BreakerPermit.NORMAL;
                    }
                    if (current.admitted() >= s.halfOpenTrialCalls()) {
                        return BreakerPermit.DENIED;
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
            return; // DENIED, or a permit no period tracks (disabled, forced closed)
        }
        InForce inForce = settings;
        BreakerConfig s = inForce.config();
        HealthRule rule = inForce.rule();
        boolean slow = rule.isSlow(executionEvent, executionNanos);
        if (permit.isTrial()) {
            onTrialOutcome(permit, executionEvent, slow, nowNanos, s);
            return;
        }
        BreakerState current = state.get();
        if (current.state() != CircuitState.CLOSED || current.period() != permit.period()
                || !HealthWindow.countsForVolume(executionEvent)) {
            return; // a late outcome of an ended closed spell, or an outcome that does not count
        }
        boolean crossed = current.window().recordAndShouldOpen(executionEvent.isError(), slow, rule, nowNanos);
        if (!crossed || s.forceClosed() || s.forceOpen() || !s.enabled()) {
            return;
        }
        if (state.compareAndSet(current, current.open(nowNanos))) {
            notifyListeners(CircuitState.CLOSED, CircuitState.OPEN, nowNanos);
        }
        // A failed CAS means another outcome already opened the circuit (or it changed otherwise): nothing to do.
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
                next = BreakerState.closed(current.period() + 1, nowNanos, fresh);
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

    /** The current state as of {@code nowNanos}; users read it through a {@link CircuitBreakerView}. */
    CircuitState state(long nowNanos) {
        BreakerConfig s = settings.config();
        if (!s.enabled()) {
            return CircuitState.CLOSED;
        }
        if (s.forceOpen()) {
            return CircuitState.OPEN;
        }
        if (s.forceClosed()) {
            return CircuitState.CLOSED;
        }
        return state.get().state();
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
        settings = new InForce(next);
    }

    /** The settings in force. */
    BreakerConfig settings() {
        return settings.config();
    }

    /** The state record, for tests and diagnostics. */
    BreakerState current() {
        return state.get();
    }

    /** A configuration with its rules, made once per configuration. */
    private record InForce(BreakerConfig config, HealthRule rule) {
        InForce(BreakerConfig config) {
            this(Objects.requireNonNull(config, "settings"), config.healthRule());
        }
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
