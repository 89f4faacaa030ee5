package dev.firebreak.limit;

/** The algorithm behind a guard's concurrency limit ({@code limit.algorithm}). */
public enum LimitKind {
    /** No algorithm: the isolation's configured limit stands (the default). */
    NONE,
    /** Additive increase, multiplicative decrease: +1 per round of busy successes, times the backoff ratio once per congestion episode. */
    AIMD,
    /** The gradient of a long-term to a short-term latency, plus a queue allowance, smoothed. */
    GRADIENT2,
    /** TCP Vegas: the queue estimated from the no-load latency, kept between alpha and beta. */
    VEGAS;

    /** A fresh algorithm of this kind for {@code config}, starting at {@code startLimit}; null for NONE. */
    LimitAlgorithm create(LimitConfig config, int startLimit) {
        return switch (this) {
            case NONE -> null;
            case AIMD -> new Aimd(config, startLimit);
            case GRADIENT2 -> new Gradient2(config, startLimit);
            case VEGAS -> new Vegas(config, startLimit);
        };
    }
}
