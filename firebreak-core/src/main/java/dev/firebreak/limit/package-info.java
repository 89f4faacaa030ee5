/**
 * The adaptive concurrency limit: its configuration ({@link dev.firebreak.limit.LimitConfig}, the
 * {@code limit.*} keys) and the algorithms that move a guard's limit with the latencies it sees.
 */
package dev.firebreak.limit;
