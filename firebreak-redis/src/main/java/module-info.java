/** A rate limit shared by a fleet, on Redis through Lettuce. */
// Lettuce ships no module descriptor (an automatic module): javac's lint says so once per requires.
@SuppressWarnings({"requires-automatic", "requires-transitive-automatic"})
module dev.firebreak.redis {
    requires transitive dev.firebreak.core;
    // StatefulRedisConnection appears in this module's API.
    requires transitive lettuce.core;
    // SharedRateLimitMeters only: Micrometer is optional.
    requires static micrometer.core;

    exports dev.firebreak.redis;
}
