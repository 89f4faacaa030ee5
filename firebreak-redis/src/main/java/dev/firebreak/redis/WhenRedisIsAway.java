package dev.firebreak.redis;

/** What a {@link SharedRateLimit} admits while Redis does not answer in time. */
public enum WhenRedisIsAway {
    /** This instance's share of the fleet's rate: the rate divided by the instances Redis last counted. */
    LOCAL_SHARE,
    /** Every call (fail open): the dependency is better overloaded than unused. */
    ADMIT_ALL,
    /** No call (fail closed): the quota must never be exceeded. */
    REFUSE_ALL
}
