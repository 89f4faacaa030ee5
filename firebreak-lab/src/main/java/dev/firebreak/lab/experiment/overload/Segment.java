package dev.firebreak.lab.experiment.overload;

/**
 * One stretch of an overload run: an open-loop rate held for a while against a downstream capacity.
 * Requests meant to start in the first {@code leadNanos} (the transition from the previous segment) are
 * sent but not reported; those meant to start in the following {@code measureNanos} make the
 * segment's row.
 *
 * @param phase the row's phase name ({@code x0.5} ... {@code x10}, {@code drop}, {@code recover}), or
 *     {@code base} for an unreported stretch
 * @param loadFactor offered load as a multiple of the nominal capacity (capacity / base latency)
 * @param capacityFactor the downstream's capacity during the segment, as a multiple of the nominal one
 * @param leadNanos unreported lead-in
 * @param measureNanos the reported window
 * @param reported whether the segment makes a row
 */
public record Segment(String phase, double loadFactor, double capacityFactor, long leadNanos, long measureNanos,
        boolean reported) {

    /** Checks the arguments. */
    public Segment {
        if (!(loadFactor > 0) || !(capacityFactor > 0) || leadNanos < 0 || measureNanos <= 0) {
            throw new IllegalArgumentException("segment " + phase + ": load and capacity factors must be > 0, lead >= 0, window > 0");
        }
    }

    /** Lead-in plus window. */
    public long lengthNanos() {
        return leadNanos + measureNanos;
    }
}
