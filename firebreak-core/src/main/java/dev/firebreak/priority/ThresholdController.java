package dev.firebreak.priority;

/**
 * Turns one calibration interval's measurements into the fraction of offered calls to admit, and that
 * fraction into a rejection threshold over the scores offered recently. Pure arithmetic, driven by one
 * thread at a time (the {@link PriorityGate}'s calibrating caller); no clock, no lock.
 *
 * <p>The loop (learnt from failsafe-go's prioritizer, which turns a limiter's rejection rate into a
 * level over recent priorities, and from Uber Cinnamon's PID-controlled threshold): the plant is the
 * admitted calls in flight, which follow the admitted rate (Little's law: in flight = rate x latency),
 * so the controller acts on the admitted fraction multiplicatively, a proportional step in log space.
 * While it cuts only the sheddable bands, the set point is half a Poisson deviation under the ceiling
 * sheddable calls may reach ({@code c = target% x limit}, {@code aim = c - sqrt(c) / 2}), so the average
 * sits where that ceiling rarely binds and refusals are the threshold's, lowest score first, while the
 * places above the ceiling stay for critical arrivals. More than 1 % of the let-through calls refused
 * behind it (the ceiling, a share, the isolation) also counts as over. Decreases act in full at once
 * (overload is urgent); increases are damped (square root of the ratio, at most x1.25 plus 1 % per
 * interval), the integral-free equivalent of a PI controller's slow recovery, so a burst after a drop
 * does not overshoot into the reserve. Sheddable pressure never moves the threshold into the critical
 * bands; only CRITICAL_PLUS calls refused behind it (the critical load alone overfills the limit) do,
 * and then the aim is a full limit with about 40 % more let through than it holds, since a critical
 * call refused at the limit is lost capacity the threshold cannot win back.
 */
final class ThresholdController {

    /** Sub-levels per criticality: how finely the threshold can cut inside a level. */
    static final int SPREAD = 32;
    /** Scores run over [0, SCORES): CRITICAL_PLUS's band is the top one, SHEDDABLE's the bottom one. */
    static final int SCORES = 4 * SPREAD;
    /** The lowest score of CRITICAL's band: a threshold at or above it refuses every sheddable call. */
    static final int CRITICAL_BASE = 2 * SPREAD;
    /** The lowest score of CRITICAL_PLUS's band. */
    static final int CRITICAL_PLUS_BASE = 3 * SPREAD;

    private final long[] previous = new long[SCORES];
    private double admitFraction = 1.0;
    private int threshold;

    /** The score band's base of the level with this ordinal (0: CRITICAL_PLUS ... 3: SHEDDABLE). */
    static int base(int ordinal) {
        return (3 - ordinal) * SPREAD;
    }

    /** The in-flight count the controller aims at, for a ceiling of {@code ceiling} calls. */
    static double aim(double ceiling) {
        return Math.max(0.5 * ceiling, ceiling - 0.5 * Math.sqrt(ceiling));
    }

    /**
     * One calibration.
     *
     * @param counts the scores offered this interval, by score (read, then kept as the previous interval's)
     * @param offered the calls offered this interval (the sum of {@code counts})
     * @param passed the calls admitted this interval that nothing refused (gate nor isolation)
     * @param refusedDownstream the calls this interval the threshold let through but something refused
     *     after it: the sheddable ceiling, a share, or the isolation
     * @param criticalRefusedDownstream of those, the CRITICAL_PLUS calls
     * @param inFlightSeen the sum, over this interval's arrivals, of the admitted calls in flight each found
     * @param limit the limit in force
     * @param ceiling the in-flight count sheddable calls may reach: {@code target% x limit in force}
     * @param waiting calls waiting for an isolation permit now
     * @param idleIntervals whole intervals that passed without a calibration before this one
     * @return the new threshold: a call whose score is below it is refused
     */
    int calibrate(long[] counts, long offered, long passed, long refusedDownstream, long criticalRefusedDownstream,
            long inFlightSeen, int limit, double ceiling, int waiting, long idleIntervals) {
        double admit = admitFraction;
        for (long i = 0; i < Math.min(idleIntervals, 64); i++) {
            admit = raise(admit, 1.25); // nothing offered then: relax as if underloaded
        }
        boolean critical = false;
        if (offered > 0) {
            double pressure = (double) inFlightSeen / offered + waiting;
            double through = Math.min(1.0, (double) passed / offered);
            long criticalOffered = 0;
            for (int s = CRITICAL_PLUS_BASE; s < SCORES; s++) {
                criticalOffered += counts[s];
            }
            boolean squeezed = criticalRefusedDownstream > 0.01 * criticalOffered;
            critical = threshold > CRITICAL_BASE || (threshold == CRITICAL_BASE && squeezed);
            if (critical) {
                // CRITICAL_PLUS calls were refused after the threshold: the critical load alone overfills
                // the limit; keep it full, let through about 40 % more than it holds (refused at the
                // limit), and cut into CRITICAL's band so CRITICAL_PLUS finds room.
                double let = Math.min(1.0, (double) (passed + refusedDownstream) / offered);
                admit = refusedDownstream > 0.3 * (passed + refusedDownstream) ? through * 1.4 : raise(let, 1.1);
            } else {
                double ratio = aim(ceiling) / Math.max(pressure, 1e-9);
                if (ratio < 1.0 || refusedDownstream > 0.01 * passed) {
                    // Over the aim, or more than 1 % of the calls the threshold let through were refused after it
                    // (the ceiling, a share, the isolation): admit what got through, scaled to the aim.
                    admit = through * Math.min(1.0, ratio);
                } else {
                    admit = raise(Math.max(admit, through), Math.min(1.25, Math.sqrt(ratio)));
                }
            }
        }
        admitFraction = Math.max(0.0, Math.min(1.0, admit));
        int next = thresholdFor(1.0 - admitFraction, counts);
        // Sheddable pressure alone never cuts into the critical bands; a squeeze of critical calls may.
        threshold = critical ? Math.max(next, CRITICAL_BASE) : Math.min(next, CRITICAL_BASE);
        if (critical && next <= CRITICAL_BASE && criticalRefusedDownstream == 0) {
            threshold = next; // the critical load fits again: back to shedding by the sheddable aim
        }
        System.arraycopy(counts, 0, previous, 0, SCORES);
        return threshold;
    }

    private static double raise(double admit, double factor) {
        return Math.min(1.0, admit * factor + 0.01);
    }

    /** The lowest score that refuses at least {@code refuse} of the scores offered over the last two intervals. */
    private int thresholdFor(double refuse, long[] counts) {
        if (refuse <= 0.0) {
            return 0;
        }
        long total = 0;
        for (int s = 0; s < SCORES; s++) {
            total += counts[s] + previous[s];
        }
        if (total == 0) {
            return threshold;
        }
        double wanted = refuse * total;
        long below = 0;
        for (int s = 0; s < SCORES; s++) {
            if (below >= wanted) {
                return s;
            }
            below += counts[s] + previous[s];
        }
        return SCORES;
    }

    /** The fraction of offered calls the last calibration meant to admit. */
    double admitFraction() {
        return admitFraction;
    }

    /** The threshold in force after the last calibration. */
    int threshold() {
        return threshold;
    }
}
