/**
 * Hedging: a {@link dev.firebreak.hedge.Hedge} starts a second attempt of an idempotent call through a
 * guard when the first is slow, and keeps the first answer; its configuration, registry and metrics.
 */
package dev.firebreak.hedge;
