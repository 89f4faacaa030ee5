/**
 * Priority-aware limits: when a guard's concurrency limit is reached, calls of lower
 * {@link dev.firebreak.context.Criticality} are refused first, by one calibrated rejection threshold
 * across the levels, with optional guaranteed shares per level: the configuration
 * ({@link dev.firebreak.priority.PriorityConfig}, the {@code priority.*} keys) and the read-only
 * {@link dev.firebreak.priority.PriorityView} that {@code guard.controls().priorities()} returns.
 */
package dev.firebreak.priority;
