package dev.firebreak.callpolicy;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Whether the dependency behind a call policy is healthy enough for extra attempts (retries, hedges),
 * judged from the outcomes of its attempts and shared by every caller of the policy, after gRPC's
 * retry throttling. A token count starts full at {@code maxTokens}; every failed attempt takes one
 * token, every successful one gives back {@code tokenRatio}; an extra attempt is allowed only while
 * the count is above {@code maxTokens / 2}.
 *
 * <p>So a dependency that fails as a whole drains the count within {@code maxTokens / 2} failures and
 * the extra attempts stop at once, whatever the load; one that fails a fraction {@code p} of attempts
 * drifts by {@code (1 - p) * tokenRatio - p} per attempt and stays full while
 * {@code p < tokenRatio / (1 + tokenRatio)} (about 17 % at the default 0.2), so every extra attempt
 * is allowed. The throttle has no clock: it counts outcomes, not time. It sits next to the
 * {@link RetryBudget}, which stays the hard cap on the fraction of extra attempts.
 *
 * <p>Lock-free. The count is one {@link AtomicLong} of milli-tokens; its only writers are CAS loops
 * whose functions are pure (read, clamp, compare-and-set, no side effect). Invariant: with settings
 * fixed, {@code 0 <= milliTokens <= maxTokens * 1000} after every operation, because every new
 * value is clamped into that range before it is set. A {@link #reconfigure} that lowers
 * {@code maxTokens} clamps the count into the new range; an outcome that read the old settings and
 * lands after it may leave the count above the new maximum until the next outcome, which is why
 * {@link #tokens()} and {@link #allows()} clamp what they read.
 */
public final class RetryThrottle {

    private static final long MILLI = 1000;

    private final AtomicLong milliTokens;
    private volatile Settings settings;

    /**
     * A throttle with a full count.
     *
     * @throws IllegalArgumentException unless {@code maxTokens > 0} and {@code 0 < tokenRatio <= 1}
     */
    public RetryThrottle(int maxTokens, double tokenRatio) {
        this.settings = Settings.of(maxTokens, tokenRatio);
        this.milliTokens = new AtomicLong(settings.maxMilli());
    }

    /** Changes the maximum and the ratio; the count is kept, clamped to the new maximum. */
    public void reconfigure(int maxTokens, double tokenRatio) {
        Settings next = Settings.of(maxTokens, tokenRatio);
        settings = next;
        milliTokens.getAndUpdate(count -> Math.min(count, next.maxMilli()));
    }

    /** An attempt failed (an outcome worth another attempt): takes one token, down to zero. */
    public void onFailure() {
        Settings now = settings;
        milliTokens.getAndUpdate(count -> Math.max(0, Math.min(count, now.maxMilli()) - MILLI));
    }

    /** An attempt succeeded: gives back {@code tokenRatio} tokens, up to the maximum. */
    public void onSuccess() {
        Settings now = settings;
        milliTokens.getAndUpdate(count -> Math.min(now.maxMilli(), count + now.ratioMilli()));
    }

    /** Whether an extra attempt may be made now: the count is above half the maximum. */
    public boolean allows() {
        Settings now = settings;
        return 2 * Math.min(milliTokens.get(), now.maxMilli()) > now.maxMilli();
    }

    /** The token count now, in tokens (thousandths kept). */
    public double tokens() {
        return Math.min(milliTokens.get(), settings.maxMilli()) / (double) MILLI;
    }

    /** The count now, in thousandths of a token, as stored (for tests of the invariant). */
    long milliTokens() {
        return milliTokens.get();
    }

    /**
     * The maximum and the ratio in thousandths of a token (the ratio rounded to the nearest thousandth,
     * as gRPC keeps three decimals).
     */
    private record Settings(long maxMilli, long ratioMilli) {
        static Settings of(int maxTokens, double tokenRatio) {
            if (maxTokens <= 0 || !(tokenRatio > 0 && tokenRatio <= 1)) {
                throw new IllegalArgumentException("maxTokens > 0 and 0 < tokenRatio <= 1 expected, were "
                        + maxTokens + " and " + tokenRatio);
            }
            return new Settings(maxTokens * MILLI, Math.max(1, Math.round(tokenRatio * MILLI)));
        }
    }
}
