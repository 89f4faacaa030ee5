/**
 * Fixtures for testing code that uses Firebreak: {@link dev.firebreak.testkit.ManualClock}, a ticker and
 * scheduler whose time moves only when the test advances it, a gate to hold calls, a bounded wait, and
 * {@link dev.firebreak.testkit.Chaos}, fault injection on a guard for a test.
 */
package dev.firebreak.testkit;
