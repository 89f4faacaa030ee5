/**
 * Request collapsing: a {@link dev.firebreak.collapse.Collapser} gathers single requests made within a
 * window into one batch call through a guard and hands each request its own answer; its configuration
 * ({@code collapser.*} keys), registry and metrics.
 */
package dev.firebreak.collapse;
