/**
 * The bridge's own entry points: {@link dev.firebreak.hystrix.HystrixBridge} installs the guard registry
 * that Hystrix commands run on, and {@link dev.firebreak.hystrix.ArchaiusPropertySource} feeds Archaius
 * properties into Firebreak's live configuration.
 */
package dev.firebreak.hystrix;
