/**
 * Spring Boot auto-configuration for Firebreak: the application's {@link dev.firebreak.GuardRegistry},
 * its live configuration from the Spring {@code Environment}, metrics, actuator endpoints, health and
 * context propagation.
 */
package dev.firebreak.spring.boot;
