package dev.firebreak.redis;

/** What one lease request got from the fleet's bucket: the tokens granted and the instances alive. */
record Grant(long tokens, int instances) {
}
