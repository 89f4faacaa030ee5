package dev.firebreak.time;

/**
 * How early the timer thread wakes before a deadline, and whether it may spin the rest of the way.
 *
 * <p>A timed park returns late: on a virtual machine by a few hundred microseconds at the median and
 * up to a millisecond or more in the tail (the host delivers the guest's timer interrupt late). A
 * timeout fires that late, and its caller regains control later still. So the timer parks until
 * {@code deadline - lead()} and spins (reading the clock, {@link Thread#onSpinWait()}) for what is
 * left, if anything. The lead follows the park's lateness: each timed park that ran its full course
 * reports how late it returned, and the lead moves toward the 90th percentile of those reports (a
 * stochastic quantile estimate: up by nine steps when a park was later than the lead, down by one
 * step otherwise), kept between 0 and {@code maxLeadNanos}.
 *
 * <p>Spinning costs a core while it lasts, so it has a budget: at most {@code budgetNanos} of spin
 * in each {@code windowNanos} window of the timer's own clock (by default 50 ms a second: 5 % of one
 * core, whatever the number of timeouts). Once a window's budget is spent the lead is 0 until the
 * next window: the timer parks until the deadline itself, as it would with no lead.
 *
 * <p>Confined to the timer thread: no field is shared, so none is volatile or atomic.
 * {@code -Dfirebreak.timer.maxLeadMicros=N} sets the largest lead (default 1,000 µs; 0: never wake
 * early, never spin).
 */
final class ParkLead {

    private static final long STEP_NANOS = 10_000L;
    private static final long DEFAULT_MAX_LEAD_NANOS = 1_000_000L;
    private static final long WINDOW_NANOS = 1_000_000_000L;
    private static final long BUDGET_NANOS = 50_000_000L;

    private final long maxLeadNanos;
    private final long budgetNanos;
    private final long windowNanos;
    private long leadNanos;
    private long windowStart;
    private boolean windowStarted;
    private long spentInWindow;

    /**
     * A lead of at most {@code maxLeadNanos} (0: off), starting at {@code initialLeadNanos} (clamped),
     * with {@code budgetNanos} of spin allowed per {@code windowNanos}.
     */
    ParkLead(long maxLeadNanos, long initialLeadNanos, long budgetNanos, long windowNanos) {
        if (maxLeadNanos < 0L || budgetNanos < 0L || windowNanos <= 0L) {
            throw new IllegalArgumentException("maxLeadNanos and budgetNanos must be >= 0 and windowNanos > 0, got "
                    + maxLeadNanos + ", " + budgetNanos + ", " + windowNanos);
        }
        this.maxLeadNanos = maxLeadNanos;
        this.budgetNanos = budgetNanos;
        this.windowNanos = windowNanos;
        this.leadNanos = Math.min(Math.max(0L, initialLeadNanos), maxLeadNanos);
    }

    /** The default: the largest lead from {@code firebreak.timer.maxLeadMicros} (1 ms if unset), 5 % of a core. */
    static ParkLead fromSystemProperties() {
        long maxLead = DEFAULT_MAX_LEAD_NANOS;
        String value = System.getProperty("firebreak.timer.maxLeadMicros");
        if (value != null) {
            try {
                maxLead = Math.max(0L, Long.parseLong(value.trim())) * 1_000L;
            } catch (NumberFormatException e) {
                System.err.println("firebreak: ignoring -Dfirebreak.timer.maxLeadMicros=" + value
                        + ": it must be a whole number of microseconds >= 0; using 1000");
            }
        }
        return new ParkLead(maxLead, maxLead / 5, BUDGET_NANOS, WINDOW_NANOS);
    }

    /** How long before a deadline to wake, as of {@code nowNanos}: 0 when off or the window's spin budget is spent. */
    long leadNanos(long nowNanos) {
        if (!windowStarted || nowNanos - windowStart >= windowNanos) { // wrap-safe difference
            windowStarted = true;
            windowStart = nowNanos;
            spentInWindow = 0L;
        }
        return spentInWindow >= budgetNanos ? 0L : leadNanos;
    }

    /** A timed park that ran its full course returned {@code lateNanos} after the moment it was set for. */
    void parkReturnedLate(long lateNanos) {
        long next = lateNanos > leadNanos ? leadNanos + 9 * STEP_NANOS : leadNanos - STEP_NANOS;
        leadNanos = Math.min(Math.max(0L, next), maxLeadNanos);
    }

    /** The timer spun {@code nanos} waiting for a deadline. */
    void spun(long nanos) {
        spentInWindow += Math.max(0L, nanos);
    }

    /** The current lead, whatever the budget (for tests and diagnostics). */
    long currentLeadNanos() {
        return leadNanos;
    }
}
