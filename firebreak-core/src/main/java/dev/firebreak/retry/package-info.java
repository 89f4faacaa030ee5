/**
 * Retrying: a {@link dev.firebreak.retry.Retry} runs a call again through a guard after a failure, with
 * backoff, jitter and a retry budget; its configuration, registry and metrics.
 */
package dev.firebreak.retry;
