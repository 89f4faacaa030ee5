package dev.firebreak.hystrix.javanica;

import com.netflix.hystrix.HystrixCommand;
import com.netflix.hystrix.HystrixCommandKey;
import com.netflix.hystrix.HystrixRequestCache;
import com.netflix.hystrix.strategy.concurrency.HystrixConcurrencyStrategyDefault;
import com.netflix.hystrix.strategy.concurrency.HystrixRequestContext;

/**
 * A {@code @HystrixCommand} method run as a bridge {@link HystrixCommand}: {@code run()} calls the
 * method on the bean itself (not its proxy), waits inside for an {@code AsyncResult}, reports the
 * request-cache key of {@code @CacheResult} and, after a success, removes the entry of
 * {@code @CacheRemove}. Without a fallback method it declares no fallback, so the bridge records
 * FALLBACK_MISSING as Hystrix does; {@link FallbackMethodCommand} adds one.
 */
class MethodCommand extends HystrixCommand<Object> {

    final CommandDefinition definition;
    final Object target;
    final Object[] args;

    MethodCommand(CommandDefinition definition, Object target, Object[] args) {
        super(definition.setter());
        this.definition = definition;
        this.target = target;
        this.args = args;
    }

    /** The command for one call: with the fallback method when the definition has one. */
    static MethodCommand of(CommandDefinition definition, Object target, Object[] args) {
        return definition.fallback() == null ? new MethodCommand(definition, target, args)
                : new FallbackMethodCommand(definition, target, args);
    }

    @Override
    protected Object run() throws Exception {
        Object result;
        try {
            result = MethodInvoker.invoke(definition.method(), target, args);
            if (definition.kind() == ExecutionKind.ASYNCHRONOUS) {
                result = MethodInvoker.valueOf(result);
            }
        } catch (Throwable thrown) {
            throw CommandFailures.inside(definition, thrown);
        }
        removeFromCache(definition, target, args);
        return result;
    }

    @Override
    protected String getCacheKey() {
        return definition.cacheResult() == null ? null : definition.cacheResult().keyFor(target, definition.ownArguments(args));
    }

    /** Removes the {@code @CacheRemove} entry of {@code definition}'s method for this call, inside a request context. */
    static void removeFromCache(CommandDefinition definition, Object target, Object[] args) {
        if (definition.cacheRemove() != null) {
            removeFromCache(definition.cacheRemoveCommandKey(), definition.cacheRemove().keyFor(target, definition.ownArguments(args)));
        }
    }

    static void removeFromCache(String commandKey, String cacheKey) {
        if (HystrixRequestContext.isCurrentThreadInitialized()) {
            HystrixRequestCache.getInstance(HystrixCommandKey.Factory.asKey(commandKey),
                    HystrixConcurrencyStrategyDefault.getInstance()).clear(cacheKey);
        }
    }
}
