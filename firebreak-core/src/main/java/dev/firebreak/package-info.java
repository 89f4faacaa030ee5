/**
 * Firebreak's entry points: {@link dev.firebreak.Guard} runs calls under its attempt policies (isolation,
 * timeout, circuit breaker, fallback, rate limit), {@link dev.firebreak.GuardRegistry} builds and names the
 * guards, and {@link dev.firebreak.GuardControls} ({@code guard.controls()}) inspects and operates them;
 * also the call and fallback types, {@link dev.firebreak.Isolation} and the exceptions a call can end in.
 */
package dev.firebreak;
