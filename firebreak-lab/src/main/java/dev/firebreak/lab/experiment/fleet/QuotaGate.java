package dev.firebreak.lab.experiment.fleet;

/** How one instance of the quota part asks to call the partner: one variant's limiter in front of the call. */
interface QuotaGate extends AutoCloseable {

    /** What became of one call. */
    enum Outcome {
        /** The limiter let it through and it was made. */
        ADMITTED,
        /** The limiter refused it (a fallback answered). */
        REFUSED,
        /** It failed for another reason. */
        ERROR
    }

    /** Makes one call through the limiter. */
    Outcome call();

    /** The limiter's mode, as the instance reports it at the end of a phase (for example {@code SHARED}). */
    String mode();
}
