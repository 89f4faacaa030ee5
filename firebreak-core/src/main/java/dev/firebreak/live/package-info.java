/**
 * Live configuration: {@link dev.firebreak.live.DynamicConfiguration} reads property sources (maps,
 * properties files, system properties, your own {@link dev.firebreak.live.PropertySource}), validates
 * them whole and applies them to running guards, pools, collapsers and call policies.
 */
package dev.firebreak.live;
