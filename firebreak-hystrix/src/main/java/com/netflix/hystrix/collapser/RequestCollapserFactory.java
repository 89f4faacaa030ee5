package com.netflix.hystrix.collapser;

import com.netflix.hystrix.HystrixCollapserKey;
import com.netflix.hystrix.strategy.concurrency.HystrixRequestVariableHolder;
import com.netflix.hystrix.strategy.concurrency.HystrixRequestVariableLifecycle;
import dev.firebreak.collapse.CollapserRegistry;
import dev.firebreak.context.RequestContext;
import dev.firebreak.hystrix.HystrixBridge;
import java.util.concurrent.ConcurrentHashMap;

/**
 * hystrix-core's registry of request-scoped collapsers, kept for its static entry points. In the
 * bridge each collapser key's batches are gathered by its Firebreak collapser: per Firebreak request
 * context for REQUEST scope, across the process for GLOBAL.
 */
public final class RequestCollapserFactory {

    private static final ConcurrentHashMap<String, HystrixRequestVariableHolder<RequestCollapser<?, ?, ?>>> HOLDERS = new ConcurrentHashMap<>();

    private RequestCollapserFactory() {
    }

    /**
     * The request variable of collapser key {@code key}: in each request, a {@link RequestCollapser}
     * naming the key.
     */
    public static HystrixRequestVariableHolder<RequestCollapser<?, ?, ?>> getRequestVariable(String key) {
        return HOLDERS.computeIfAbsent(key, name -> new HystrixRequestVariableHolder<>(new HystrixRequestVariableLifecycle<>() {
            @Override
            public RequestCollapser<?, ?, ?> initialValue() {
                return new RequestCollapser<>(HystrixCollapserKey.Factory.asKey(name));
            }

            @Override
            public void shutdown(RequestCollapser<?, ?, ?> value) {
                // nothing to release: the Firebreak request context ends its own batches
            }
        }));
    }

    /** Forgets the request variables handed out by {@link #getRequestVariable}. */
    public static void reset() {
        HOLDERS.clear();
    }

    /**
     * Starts new REQUEST-scoped batches in the current request: requests made after this call gather in
     * new batches, while those already gathering still leave at their windows. Does nothing outside a
     * request context.
     */
    public static void resetRequest() {
        RequestContext current = RequestContext.currentOrNull();
        if (current == null) {
            return;
        }
        CollapserRegistry collapsers = CollapserRegistry.of(HystrixBridge.registry());
        for (String key : HystrixBridge.collapserKeys()) {
            collapsers.find(key).ifPresent(current::detach);
        }
    }
}
