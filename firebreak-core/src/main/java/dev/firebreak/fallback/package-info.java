/**
 * A guard's fallback settings ({@link dev.firebreak.fallback.FallbackConfig}, the {@code fallback.*}
 * keys); the fallback itself is a {@link dev.firebreak.Fallback} passed with the call.
 */
package dev.firebreak.fallback;
