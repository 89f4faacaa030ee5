package dev.firebreak.breaker;

import dev.firebreak.event.EventType;
import dev.firebreak.rolling.WindowTest;

/**
 * The circuit breaker's two rules, taken from one {@link BreakerConfig}: which call is slow, and which
 * window of outcomes opens the circuit.
 *
 * <ul>
 *   <li><b>Slow</b>: a SUCCESS that ran at least {@code slowCallDurationThresholdInMilliseconds}
 *       (when that is above 0; 0 turns slow calls off).</li>
 *   <li><b>Open</b>: the window holds at least {@code requestVolumeThreshold} calls, and
 *       {@code errors * 100 >= errorThresholdPercentage * calls} or, when slow calls are on,
 *       {@code slow * 100 >= slowCallThresholdPercentage * calls}: Hystrix's truncated percentage
 *       compared with {@code >=}, in integer arithmetic.</li>
 * </ul>
 */
public final class HealthRule implements WindowTest {

    private final long slowNanos;
    private final int requestVolumeThreshold;
    private final int errorPercent;
    /** The slow-call percentage, or -1 when slow calls are off (no window crosses it). */
    private final int slowPercent;

    private HealthRule(BreakerConfig config) {
        this.slowNanos = config.slowCallNanos(); // converted once per configuration, not per call
        this.requestVolumeThreshold = config.requestVolumeThreshold();
        this.errorPercent = config.errorThresholdPercentage();
        this.slowPercent = slowNanos > 0 ? config.slowCallThresholdPercentage() : -1;
    }

    /** The rules of {@code config}. */
    public static HealthRule of(BreakerConfig config) {
        return new HealthRule(config);
    }

    /** Whether a call that ended with {@code event} after {@code executionNanos} is slow. */
    public boolean isSlow(EventType event, long executionNanos) {
        return slowNanos > 0 && event == EventType.SUCCESS && executionNanos >= slowNanos;
    }

    /** Whether a window of {@code calls} calls, {@code errors} errors and {@code slow} slow calls opens the circuit. */
    @Override
    public boolean test(long calls, long errors, long slow) {
        return hasVolume(calls) && crossesALine(calls, errors, slow);
    }

    /** Whether the window has the volume and is under both lines: more successes that are not slow cannot open it. */
    @Override
    public boolean settled(long calls, long errors, long slow) {
        return hasVolume(calls) && !crossesALine(calls, errors, slow);
    }

    /** Whether slow calls are on: when they are off no answer depends on them. */
    @Override
    public boolean tracksSlow() {
        return slowPercent >= 0;
    }

    private boolean hasVolume(long calls) {
        return calls > 0 && calls >= requestVolumeThreshold;
    }

    // Both lines only fall as calls grow with errors and slow calls held: settled relies on it.
    private boolean crossesALine(long calls, long errors, long slow) {
        return errors * 100 >= (long) errorPercent * calls || slowPercent >= 0 && slow * 100 >= (long) slowPercent * calls;
    }

    @Override
    public String toString() {
        return "open at " + requestVolumeThreshold + " calls with " + errorPercent + " % errors"
                + (slowPercent < 0 ? "" : " or " + slowPercent + " % slow (>= " + slowNanos + " ns)");
    }
}
