/**
 * Fixtures for testing code that uses Firebreak: {@link dev.firebreak.testkit.ManualClock}, a ticker and
 * scheduler whose time moves only when the test advances it, a gate to hold calls, and a bounded wait.
 */
package dev.firebreak.testkit;
