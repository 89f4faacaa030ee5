/**
 * Project Reactor under a guard: {@link dev.firebreak.reactor.GuardedMono} and
 * {@link dev.firebreak.reactor.GuardedFlux} run each subscription as one guarded call, the way
 * {@code Guard.submitAsync} runs a {@code CompletionStage}: breaker, isolation, timeout, metrics and
 * fallback apply, and cancelling the subscription cancels the call and gives its permit back.
 */
package dev.firebreak.reactor;
