package dev.firebreak.isolation;

import dev.firebreak.limit.AdaptiveLimit;

/**
 * The permit of an attempt admitted under an adaptive limit: what its sample needs when the work ends
 * (the limit that admitted it, when, and how many were in flight with it).
 */
record LimitPermit(AdaptiveLimit limit, long startNanos, int inFlight) {
}
