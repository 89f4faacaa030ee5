package dev.firebreak.breaker;

/**
 * The breaker's answer to "may this call run now?", passed back with the call's outcome.
 *
 * <p>A permit also names the breaker period (one CLOSED or HALF_OPEN spell) that issued it, so an
 * outcome that arrives after its period has ended (a slow call admitted before the circuit opened, a
 * trial of an earlier half-open spell) is recognised and cannot count in a later period. Permits are
 * made once per state transition, never per call: asking for one allocates nothing.
 */
final class BreakerPermit {

    /** What a permit allows. */
    enum Kind {
        /** The breaker is open: short-circuit. */
        DENIED,
        /** The breaker is closed (or disabled, or forced closed): an ordinary call. */
        NORMAL,
        /** One of the half-open state's trial calls: its outcome decides the state. */
        TRIAL
    }

    /** Short-circuit: the call must not run. */
    static final BreakerPermit DENIED = new BreakerPermit(Kind.DENIED, -1);

    /** An ordinary call that no breaker period tracks (disabled or forced-closed breakers). */
    static final BreakerPermit NORMAL = new BreakerPermit(Kind.NORMAL, -1);

    private final Kind kind;
    private final long period;

    private BreakerPermit(Kind kind, long period) {
        this.kind = kind;
        this.period = period;
    }

    /** A permit of {@code kind} issued by breaker period {@code period} (0 or more). */
    static BreakerPermit issued(Kind kind, long period) {
        return new BreakerPermit(kind, period);
    }

    /** What this permit allows. */
    Kind kind() {
        return kind;
    }

    /** Whether this is a half-open trial permit. */
    boolean isTrial() {
        return kind == Kind.TRIAL;
    }

    /** The breaker period that issued this permit, or -1 if none tracks it. */
    long period() {
        return period;
    }

    @Override
    public String toString() {
        return period < 0 ? kind.name() : kind + "@" + period;
    }
}
