package com.netflix.hystrix;

import dev.firebreak.context.RequestContext;
import java.util.EnumSet;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;

/*
 * The end of one command execution: when the guard's future completes, seals the command's record
 * with Hystrix's events, fixes its executionResult, tells the end hooks, the event notifier and the
 * completion streams, and only then completes the caller's future with the value or the exception
 * Hystrix would give. Called once per started instance, by CommandStart. cacheKey is the
 * request-cache key only when the instance is a cache hit (another instance of its context ran under
 * the key): then it reports that execution's events with RESPONSE_FROM_CACHE.
 */
final class CommandSettlement {

    private CommandSettlement() {
    }

    static <R, V> void settleWhenDone(AbstractCommand<R> command, CompletableFuture<V> source, CompletableFuture<V> result,
            ExecutionHooks<R> endHooks, RequestContext context, String cacheKey) {
        ExecutionRecord record = command.record;
        source.whenComplete((value, thrown) -> {
            if (thrown == null) {
                record.seal(successEvents(command, context, cacheKey));
                command.executionResult = record.toResult();
                if (endHooks != null) {
                    endHooks.onSuccess();
                }
                command.plugins.notifyFinished(command);
                CompletionPublisher.publish(command, false);
                result.complete(value);
            } else {
                Throwable failure = CommandFailures.unwrap(thrown);
                Throwable cause = CommandFailures.causeOfCaller(failure);
                Set<HystrixEventType> events = record.runStartedOrFellBack() || cacheKey == null
                        ? CommandFailures.eventsOf(failure) : fromCache(command, context, cacheKey, CommandFailures.eventsOf(failure));
                if (CommandFailures.skipsFallback(cause)) {
                    events.removeIf(event -> event.name().startsWith("FALLBACK_")); // as 1.5.18: the fallback is skipped
                }
                if (!(failure instanceof CancellationException)) {
                    record.executionException(cause); // as 1.5.18: an unsubscribed command has no execution exception
                }
                record.seal(events);
                command.executionResult = record.toResult();
                if (endHooks != null) {
                    if (failure instanceof CancellationException) {
                        endHooks.onUnsubscribe();
                    }
                    endHooks.overtakeRun();
                }
                Throwable toCaller = CommandFailures.forCaller(failure, command.getCommandKey().name(), command.getClass(), endHooks);
                command.plugins.notifyFinished(command);
                CompletionPublisher.publish(command, !(failure instanceof CancellationException));
                result.completeExceptionally(toCaller);
            }
        });
    }

    private static Set<HystrixEventType> successEvents(AbstractCommand<?> command, RequestContext context, String cacheKey) {
        ExecutionRecord record = command.record;
        if (record.fallbackReturned()) {
            return record.fallbackEvents();
        }
        if (record.runReturned() || cacheKey == null) {
            return EnumSet.of(HystrixEventType.SUCCESS);
        }
        return fromCache(command, context, cacheKey, EnumSet.of(HystrixEventType.SUCCESS));
    }

    /**
     * A cache hit (neither this instance's run nor its fallback ran): the events of the instance that
     * ran under the key, plus RESPONSE_FROM_CACHE; {@code ifUnknown} when that instance is not known
     * (two instances of one context raced to start the key).
     */
    private static Set<HystrixEventType> fromCache(AbstractCommand<?> command, RequestContext context, String cacheKey,
            Set<HystrixEventType> ifUnknown) {
        AbstractCommand<?> owner = context == null ? null : HystrixRequestCache.owner(context, command.getCommandKey(), cacheKey);
        boolean known = owner != null && owner != command && owner.record.sealed() && !owner.record.events().isEmpty();
        if (known) {
            command.record.shareFrom(owner.record);
        }
        EnumSet<HystrixEventType> events = known ? EnumSet.copyOf(owner.record.events()) : EnumSet.copyOf(ifUnknown);
        events.add(HystrixEventType.RESPONSE_FROM_CACHE);
        return events;
    }
}
