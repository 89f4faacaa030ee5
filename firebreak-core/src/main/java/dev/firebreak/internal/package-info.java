/**
 * Not an API: the guard's one call pipeline ({@link dev.firebreak.internal.Pipeline}, its steps in
 * {@link dev.firebreak.internal.Step}) and the two places a call can run (the caller's thread, a
 * hand-off). Only {@code dev.firebreak} may use this package (the package rule test enforces it);
 * its types may change in any release.
 */
package dev.firebreak.internal;
