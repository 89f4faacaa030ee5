package dev.firebreak.redis;

/**
 * What a {@link SharedRateLimit} is doing, for health, metrics and operators.
 *
 * @param mode on the fleet's bucket, or what it admits while Redis is away
 * @param instances the instances Redis counted at the last lease (the expected count before the first)
 * @param leasedTokens the tokens of this instance's lease not used yet
 * @param admitted calls admitted since creation
 * @param refused calls refused since creation
 * @param redisFailures lease requests that failed or timed out since creation
 * @param lastFailure the last such failure, or empty
 */
public record SharedRateLimitStatus(Mode mode, int instances, long leasedTokens, long admitted, long refused,
        long redisFailures, String lastFailure) {

    /** Where admissions come from. */
    public enum Mode {
        /** Leases from the fleet's token bucket in Redis. */
        SHARED,
        /** Redis is away: this instance's share of the rate, locally. */
        LOCAL_SHARE,
        /** Redis is away: every call admitted. */
        ADMIT_ALL,
        /** Redis is away (or the limit is closed): every call refused. */
        REFUSE_ALL
    }

    /** Whether admissions come from the fleet's bucket. */
    public boolean shared() {
        return mode == Mode.SHARED;
    }
}
