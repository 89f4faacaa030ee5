/**
 * What the call policies retry and hedge share: a policy's name, configuration, registry, retry budget
 * and throttle, and its metrics; see {@code dev.firebreak.retry} and {@code dev.firebreak.hedge}.
 */
package dev.firebreak.callpolicy;
