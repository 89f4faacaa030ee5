package dev.firebreak;

import dev.firebreak.breaker.HealthRule;

/**
 * What the caller-thread path derives from one {@link GuardConfig}, worked out once per configuration
 * instead of once per call: the timeout as nanoseconds (a {@code Duration}'s conversion is a
 * multiplication and an addition, each checked for overflow), the breaker's rules (which call is
 * slow; the hand-off path reads them here too) and the parts of
 * {@link Pipeline#coarseClockSuffices} that depend on the configuration alone.
 *
 * <p>Immutable, so a thread that reads a stale or a racing cache entry (see
 * {@link Pipeline#callerSettings}) still reads a whole, consistent one; an entry serves only the
 * configuration it was made from (compared by identity).
 *
 * @param config the configuration these settings were derived from
 * @param timeoutNanos the SEMAPHORE timeout checked after the call; {@link Long#MAX_VALUE} when timeouts are off
 * @param health the breaker's rules, for the SLOW_CALL marker
 * @param coarseByConfig whether the configuration allows the coarse clock: percentiles off and no
 *     adaptive limit (the pipeline's shape, the listeners and the request log are checked per call)
 * @param requestLog whether a call in an open request context is written to its request log
 */
record CallerSettings(GuardConfig config, long timeoutNanos, HealthRule health, boolean coarseByConfig,
        boolean requestLog) {

    /** The settings of {@code config}. */
    static CallerSettings of(GuardConfig config) {
        long timeoutNanos = config.timeout().enabled() ? config.timeout().timeoutNanos() : Long.MAX_VALUE;
        return new CallerSettings(config, timeoutNanos, config.breaker().healthRule(),
                !config.metrics().percentilesEnabled() && !config.limit().adaptive(), config.request().logEnabled());
    }
}
