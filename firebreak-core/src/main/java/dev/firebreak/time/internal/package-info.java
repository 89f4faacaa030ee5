/**
 * Not an API: the hand-off that keeps user code off the timer thread, shared by the guard's timeout,
 * the collapser and the rate limiter. The module does not export this package.
 */
package dev.firebreak.time.internal;
