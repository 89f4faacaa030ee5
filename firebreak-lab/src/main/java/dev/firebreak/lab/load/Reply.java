package dev.firebreak.lab.load;

/**
 * How one request of the load ended.
 *
 * @param ok true for a successful answer
 * @param downstreamDelayNanos the downstream's own delay behind a successful answer (0 if unknown)
 * @param failure what went wrong when not ok (status and body, or the exception), else null
 */
public record Reply(boolean ok, long downstreamDelayNanos, String failure) {

    /** A successful answer that spent {@code downstreamDelayNanos} in the downstream. */
    public static Reply success(long downstreamDelayNanos) {
        return new Reply(true, downstreamDelayNanos, null);
    }

    /** A failed request. */
    public static Reply failed(String failure) {
        return new Reply(false, 0, failure);
    }
}
