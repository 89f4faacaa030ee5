package dev.firebreak.lab.load;

/**
 * The three instants of one request (ticker nanoseconds).
 *
 * @param intendedStartNanos when the schedule meant it to leave (closed loop: when it left)
 * @param actualStartNanos when the sender really sent it
 * @param endNanos when its answer arrived
 */
public record RequestTiming(long intendedStartNanos, long actualStartNanos, long endNanos) {

    /** A request that left when intended (closed loop). */
    public static RequestTiming unscheduled(long startNanos, long endNanos) {
        return new RequestTiming(startNanos, startNanos, endNanos);
    }

    /**
     * The latency a user would see: from the intended start to the answer. This is the
     * coordinated-omission-corrected figure: time the sender spent late is part of it.
     */
    public long responseTimeNanos() {
        return endNanos - intendedStartNanos;
    }

    /** From the actual send to the answer: what a naive driver would report. */
    public long serviceTimeNanos() {
        return endNanos - actualStartNanos;
    }

    /** How late the sender was. */
    public long lateStartNanos() {
        return actualStartNanos - intendedStartNanos;
    }
}
