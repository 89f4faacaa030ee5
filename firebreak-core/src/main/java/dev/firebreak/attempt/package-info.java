/**
 * The attempt-policy contract ({@link dev.firebreak.attempt.Admission}) that the circuit breaker, the
 * isolation limit and every future attempt policy implement, and that the guard's one pipeline runs.
 * Bottom layer: imports only {@code event}.
 */
package dev.firebreak.attempt;
