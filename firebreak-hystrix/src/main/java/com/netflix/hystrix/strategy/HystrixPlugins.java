package com.netflix.hystrix.strategy;

import com.netflix.hystrix.strategy.concurrency.HystrixConcurrencyStrategy;
import com.netflix.hystrix.strategy.concurrency.HystrixConcurrencyStrategyDefault;
import com.netflix.hystrix.strategy.eventnotifier.HystrixEventNotifier;
import com.netflix.hystrix.strategy.executionhook.HystrixCommandExecutionHook;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Plugin registration. A custom {@link HystrixConcurrencyStrategy} is supported (its
 * {@code wrapCallable} wraps every command's work). Event notifiers and execution hooks are not: their
 * registration throws an {@link UnsupportedOperationException} naming the Firebreak alternative, so a
 * plugin never silently stops working. As in Hystrix, a plugin can be registered once until
 * {@link #reset()}.
 */
public final class HystrixPlugins {

    private static final HystrixPlugins INSTANCE = new HystrixPlugins();

    private final AtomicReference<HystrixConcurrencyStrategy> concurrencyStrategy = new AtomicReference<>();

    private HystrixPlugins() {
    }

    /** The process-wide plugins. */
    public static HystrixPlugins getInstance() {
        return INSTANCE;
    }

    /** Forgets registered plugins (for tests); {@code Hystrix.reset()} does not call it, as in Hystrix. */
    public static void reset() {
        INSTANCE.concurrencyStrategy.set(null);
    }

    /** The registered concurrency strategy, or the default one (which changes nothing). */
    public HystrixConcurrencyStrategy getConcurrencyStrategy() {
        HystrixConcurrencyStrategy registered = concurrencyStrategy.get();
        return registered == null ? HystrixConcurrencyStrategyDefault.getInstance() : registered;
    }

    /**
     * Registers a concurrency strategy whose {@code wrapCallable} wraps every command's work.
     *
     * @throws IllegalStateException if one is already registered (call {@link #reset()} first)
     */
    public void registerConcurrencyStrategy(HystrixConcurrencyStrategy impl) {
        if (impl == null) {
            throw new IllegalArgumentException("registerConcurrencyStrategy: the strategy must not be null");
        }
        if (!concurrencyStrategy.compareAndSet(null, impl)) {
            throw new IllegalStateException("Another strategy was already registered: " + concurrencyStrategy.get().getClass().getName()
                    + "; HystrixPlugins.reset() clears it");
        }
    }

    /**
     * Not supported by the Firebreak bridge: always throws.
     *
     * @throws UnsupportedOperationException naming Firebreak's alternative, a {@code GuardListener}
     */
    public void registerEventNotifier(HystrixEventNotifier impl) {
        throw unsupported("a custom HystrixEventNotifier (" + name(impl) + ")",
                "add a dev.firebreak.event.GuardListener to HystrixBridge.registry() with addListener: it receives every "
                        + "command's events and latencies");
    }

    /**
     * Not supported by the Firebreak bridge: always throws.
     *
     * @throws UnsupportedOperationException naming Firebreak's alternatives
     */
    public void registerCommandExecutionHook(HystrixCommandExecutionHook impl) {
        throw unsupported("a custom HystrixCommandExecutionHook (" + name(impl) + ")",
                "wrap the work in a HystrixConcurrencyStrategy.wrapCallable (supported), or observe outcomes with a "
                        + "dev.firebreak.event.GuardListener on HystrixBridge.registry()");
    }

    private static String name(Object impl) {
        return impl == null ? "null" : impl.getClass().getName();
    }

    private static UnsupportedOperationException unsupported(String feature, String alternative) {
        return new UnsupportedOperationException("firebreak-hystrix does not support " + feature
                + ": nothing was registered. Firebreak's alternative: " + alternative + " (see docs/hystrix-bridge.md)");
    }
}
