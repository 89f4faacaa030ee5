/**
 * The attempt-policy contract, {@link dev.firebreak.attempt.Admission}: what the circuit breaker, the
 * isolation, the rate limiter and a policy of your own (added with {@code Guard.Builder.attemptPolicy})
 * implement, and what a guard asks once per attempt.
 */
package dev.firebreak.attempt;
