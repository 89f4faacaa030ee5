/**
 * A guard's timeout settings ({@link dev.firebreak.timeout.TimeoutConfig}: whether a deadline applies,
 * how long, whether a timed-out call is interrupted).
 */
package dev.firebreak.timeout;
