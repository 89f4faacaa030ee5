/**
 * The one time seam: every time-dependent part of Firebreak reads a {@link dev.firebreak.time.Ticker}
 * and waits through a {@link dev.firebreak.time.Scheduler}. No other main code reads the system clock.
 */
package dev.firebreak.time;
