/**
 * The circuit breaker: its configuration ({@link dev.firebreak.breaker.BreakerConfig}, the
 * {@code circuitBreaker.*} keys), its states and state listener, and the read-only
 * {@link dev.firebreak.breaker.CircuitBreakerView} that {@code guard.controls().circuitBreaker()} returns.
 */
package dev.firebreak.breaker;
