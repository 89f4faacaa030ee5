/**
 * Firebreak's live configuration from the Spring {@code Environment}: {@code firebreak.*} and Hystrix's
 * {@code hystrix.*} keys, refreshed by poll and by Spring Cloud's refresh events.
 */
package dev.firebreak.spring.boot.config;
