/**
 * Fault injection, a guard's chaos attempt policy: exceptions, latency, substituted results and
 * behaviours of the user's own, injected at a rate into the calls in scope (guard, group, criticality,
 * a request's {@link dev.firebreak.chaos.ChaosTags}), for a time to live. Configured live
 * ({@link dev.firebreak.chaos.ChaosConfig}, the {@code chaos.*} keys) and off unless the registry allows it
 * ({@code GuardRegistry.builder().allowChaos(true)}); every injected call carries the
 * {@link dev.firebreak.event.EventType#INJECTED} marker.
 */
package dev.firebreak.chaos;
