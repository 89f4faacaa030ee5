package dev.firebreak.lab.experiment.overload;

/** How one request of the overload experiment ended. */
public enum Outcome {
    /** The downstream answered 200. */
    OK,
    /** The protection refused it at once, without calling the downstream (a bulkhead, pool or limit full). */
    REJECTED,
    /** Anything else: a timeout, a transport error, an HTTP error. */
    FAILED
}
