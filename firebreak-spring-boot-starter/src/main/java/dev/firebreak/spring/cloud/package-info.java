/**
 * Spring Cloud CircuitBreaker backed by Firebreak guards: {@link dev.firebreak.spring.cloud.FirebreakCircuitBreakerFactory}
 * and {@link dev.firebreak.spring.cloud.FirebreakReactiveCircuitBreakerFactory}, auto-configured when
 * spring-cloud-commons is on the classpath. A circuit breaker's id is its guard's name.
 */
package dev.firebreak.spring.cloud;
