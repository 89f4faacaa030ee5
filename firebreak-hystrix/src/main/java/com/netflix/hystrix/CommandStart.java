package com.netflix.hystrix;

import dev.firebreak.CachedGuard;
import dev.firebreak.Guard;
import dev.firebreak.context.RequestContext;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/*
 * The start of one command execution, after AbstractCommand.start claimed the instance: the request
 * log, the request cache's claim, the start hooks, then the call through the guard (with the
 * instance handed over to its injected parts' admissions on this thread), whose end
 * CommandSettlement reports.
 */
final class CommandStart {

    /** hystrix-core's message when a command with a cache key runs outside a request context. */
    static final String NO_CONTEXT_FOR_CACHE = "Request caching is not available. Maybe you need to initialize the HystrixRequestContext?";

    private CommandStart() {
    }

    static <R, V> CompletableFuture<V> start(AbstractCommand<R> command, ExecutionHooks<R> hooks,
            Function<Guard, CompletableFuture<V>> plain, Function<CachedGuard, CompletableFuture<V>> cached) {
        command.record.started();
        if (command.currentRequestLog != null) {
            command.currentRequestLog.addExecutedCommand(command);
        }
        if (command.guard.controls().config().request().cacheEnabled() && RequestContext.currentOrNull() == null && command.getCacheKey() != null) {
            // As hystrix-core: a cached command needs a request context; it fails before it runs, with no events.
            return CompletableFuture.failedFuture(new IllegalStateException(NO_CONTEXT_FOR_CACHE));
        }
        String cacheKey = command.guard.controls().config().request().cacheEnabled() && RequestContext.currentOrNull() != null ? command.getCacheKey() : null;
        RequestContext context = cacheKey == null ? null : RequestContext.currentOrNull();
        AbstractCommand<?> owner = context == null ? null : HystrixRequestCache.claim(context, command.getCommandKey(), cacheKey, command);
        boolean cacheHit = owner != null && owner != command;
        if (hooks != null) {
            if (cacheHit) {
                hooks.onCacheHit(); // as 1.5.18: the only hook a cache hit calls
            } else {
                try {
                    hooks.onStart();
                } catch (RuntimeException thrown) { // as 1.5.18: the command fails at once, with no fallback
                    command.record.seal(Set.of());
                    return CompletableFuture.failedFuture(CommandFailures.forCaller(thrown, command.getCommandKey().name(), command.getClass(), null));
                }
            }
        }
        CompletableFuture<V> source;
        InjectedParts.Handover handover = InjectedParts.handOver(command);
        try {
            source = cacheKey == null ? plain.apply(command.guard) : cached.apply(command.guard.cached(cacheKey));
        } catch (RuntimeException thrown) {
            source = CompletableFuture.failedFuture(thrown);
        } finally {
            handover.close();
        }
        LinkedFuture<V> result = new LinkedFuture<>(source);
        CommandSettlement.settleWhenDone(command, source, result, cacheHit ? null : hooks, context, cacheHit ? cacheKey : null);
        return result;
    }
}
