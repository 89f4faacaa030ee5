/**
 * Configuration machinery shared by every policy: property definitions (Hystrix's key names, defaults
 * and rules), {@link dev.firebreak.config.InvalidConfigException} for a value that breaks a rule, and
 * the scopes and levels that live configuration resolves.
 */
package dev.firebreak.config;
