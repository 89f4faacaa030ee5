package com.netflix.hystrix.strategy;

import com.netflix.hystrix.strategy.concurrency.HystrixConcurrencyStrategy;
import com.netflix.hystrix.strategy.concurrency.HystrixConcurrencyStrategyDefault;
import com.netflix.hystrix.strategy.eventnotifier.HystrixEventNotifier;
import com.netflix.hystrix.strategy.eventnotifier.HystrixEventNotifierDefault;
import com.netflix.hystrix.strategy.executionhook.HystrixCommandExecutionHook;
import com.netflix.hystrix.strategy.executionhook.HystrixCommandExecutionHookDefault;
import com.netflix.hystrix.strategy.metrics.HystrixMetricsPublisher;
import com.netflix.hystrix.strategy.metrics.HystrixMetricsPublisherDefault;
import com.netflix.hystrix.strategy.metrics.HystrixMetricsPublisherFactory;
import com.netflix.hystrix.strategy.properties.HystrixDynamicProperties;
import com.netflix.hystrix.strategy.properties.HystrixDynamicPropertiesSystemProperties;
import com.netflix.hystrix.strategy.properties.HystrixPropertiesFactory;
import com.netflix.hystrix.strategy.properties.HystrixPropertiesStrategy;
import com.netflix.hystrix.strategy.properties.HystrixPropertiesStrategyDefault;
import com.netflix.hystrix.strategy.properties.archaius.HystrixDynamicPropertiesArchaius;
import java.util.ServiceLoader;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The process-wide plugins: a concurrency strategy, a command execution hook, an event notifier, a
 * metrics publisher and a properties strategy, each registered at most once until {@link #reset()}.
 *
 * <p>A plugin not registered by code is looked up the first time it is asked for: the class named by
 * the dynamic property {@code hystrix.plugin.<PluginType>.implementation} (for example
 * {@code hystrix.plugin.HystrixCommandExecutionHook.implementation}), else the first implementation
 * listed in {@code META-INF/services/<plugin type>}, else the default, which changes nothing. Once a
 * plugin has been asked for, registering another throws, as in Hystrix: register plugins at startup,
 * before the first command.
 *
 * <p>A command takes the plugins in force when it is made. Commands made while every plugin is the
 * default pay nothing for them.
 */
public final class HystrixPlugins {

    private static final class Holder {
        private static final HystrixPlugins INSTANCE = create();
    }

    /** Where the plugins log how the dynamic properties were chosen (a seam for tests, as in 1.5.18). */
    interface LoggerSupplier {
        Logger getLogger();
    }

    private final ClassLoader classLoader;
    private final HystrixDynamicProperties dynamicProperties;
    private final AtomicReference<HystrixEventNotifier> notifier = new AtomicReference<>();
    private final AtomicReference<HystrixConcurrencyStrategy> concurrencyStrategy = new AtomicReference<>();
    private final AtomicReference<HystrixMetricsPublisher> metricsPublisher = new AtomicReference<>();
    private final AtomicReference<HystrixPropertiesStrategy> propertiesStrategy = new AtomicReference<>();
    private final AtomicReference<HystrixCommandExecutionHook> commandExecutionHook = new AtomicReference<>();

    private HystrixPlugins(ClassLoader classLoader, LoggerSupplier logger) {
        this.classLoader = classLoader;
        // The logger is asked for only after the properties are chosen: they may configure logging.
        this.dynamicProperties = resolveDynamicProperties(classLoader, logger);
    }

    /** Plugins looked up through {@code classLoader}, logging to {@code logger} (for tests). */
    static HystrixPlugins create(ClassLoader classLoader, LoggerSupplier logger) {
        return new HystrixPlugins(classLoader, logger);
    }

    /** Plugins looked up through {@code classLoader} (for tests). */
    static HystrixPlugins create(ClassLoader classLoader) {
        return new HystrixPlugins(classLoader, () -> LoggerFactory.getLogger(HystrixPlugins.class));
    }

    /** Plugins looked up through this class's loader, as the process-wide instance is. */
    static HystrixPlugins create() {
        return create(HystrixPlugins.class.getClassLoader());
    }

    /** The process-wide plugins. */
    public static HystrixPlugins getInstance() {
        return Holder.INSTANCE;
    }

    /**
     * Forgets every registered plugin and the metrics publishers made so far (for tests). Commands made
     * before keep the plugins they took; {@code Hystrix.reset()} does not call this, as in Hystrix.
     */
    public static void reset() {
        HystrixPlugins plugins = getInstance();
        plugins.notifier.set(null);
        plugins.concurrencyStrategy.set(null);
        plugins.metricsPublisher.set(null);
        plugins.propertiesStrategy.set(null);
        plugins.commandExecutionHook.set(null);
        HystrixMetricsPublisherFactory.reset();
        HystrixPropertiesFactory.reset();
    }

    /** Where plugins read their settings (see {@link HystrixDynamicProperties} for how it is chosen). */
    public HystrixDynamicProperties getDynamicProperties() {
        return dynamicProperties;
    }

    /** The event notifier in force: the registered one, else the one configured, else the default. */
    public HystrixEventNotifier getEventNotifier() {
        return resolve(notifier, HystrixEventNotifier.class, HystrixEventNotifierDefault::getInstance);
    }

    /**
     * Registers the event notifier.
     *
     * @throws IllegalStateException if one is already in force (registered, or taken by a command)
     */
    public void registerEventNotifier(HystrixEventNotifier impl) {
        register(notifier, impl, "registerEventNotifier");
    }

    /** The concurrency strategy in force: the registered one, else the one configured, else the default. */
    public HystrixConcurrencyStrategy getConcurrencyStrategy() {
        return resolve(concurrencyStrategy, HystrixConcurrencyStrategy.class, HystrixConcurrencyStrategyDefault::getInstance);
    }

    /**
     * Registers the concurrency strategy.
     *
     * @throws IllegalStateException if one is already in force (registered, or taken by a command)
     */
    public void registerConcurrencyStrategy(HystrixConcurrencyStrategy impl) {
        register(concurrencyStrategy, impl, "registerConcurrencyStrategy");
    }

    /** The metrics publisher in force: the registered one, else the one configured, else the default. */
    public HystrixMetricsPublisher getMetricsPublisher() {
        return resolve(metricsPublisher, HystrixMetricsPublisher.class, HystrixMetricsPublisherDefault::getInstance);
    }

    /**
     * Registers the metrics publisher.
     *
     * @throws IllegalStateException if one is already in force (registered, or taken by a command)
     */
    public void registerMetricsPublisher(HystrixMetricsPublisher impl) {
        register(metricsPublisher, impl, "registerMetricsPublisher");
    }

    /** The properties strategy in force: the registered one, else the one configured, else the default. */
    public HystrixPropertiesStrategy getPropertiesStrategy() {
        return resolve(propertiesStrategy, HystrixPropertiesStrategy.class, HystrixPropertiesStrategyDefault::getInstance);
    }

    /**
     * Registers the properties strategy.
     *
     * @throws IllegalStateException if one is already in force (registered, or taken by a command)
     */
    public void registerPropertiesStrategy(HystrixPropertiesStrategy impl) {
        register(propertiesStrategy, impl, "registerPropertiesStrategy");
    }

    /** The command execution hook in force: the registered one, else the one configured, else the default. */
    public HystrixCommandExecutionHook getCommandExecutionHook() {
        return resolve(commandExecutionHook, HystrixCommandExecutionHook.class, HystrixCommandExecutionHookDefault::getInstance);
    }

    /**
     * Registers the command execution hook.
     *
     * @throws IllegalStateException if one is already in force (registered, or taken by a command)
     */
    public void registerCommandExecutionHook(HystrixCommandExecutionHook impl) {
        register(commandExecutionHook, impl, "registerCommandExecutionHook");
    }

    private static <T> void register(AtomicReference<T> slot, T impl, String method) {
        if (impl == null) {
            throw new IllegalArgumentException(method + ": the plugin must not be null");
        }
        if (!slot.compareAndSet(null, impl)) {
            throw new IllegalStateException("Another strategy was already registered: " + slot.get().getClass().getName()
                    + " is in force, so " + impl.getClass().getName() + " was not registered (" + method
                    + "; HystrixPlugins.reset() clears every plugin)");
        }
    }

    // The first reader fixes the plugin: a racing registration or lookup loses the compare-and-set, and
    // every caller returns the one winner.
    private <T> T resolve(AtomicReference<T> slot, Class<T> type, Supplier<T> fallback) {
        T current = slot.get();
        if (current != null) {
            return current;
        }
        T configured = configured(type, dynamicProperties, classLoader);
        slot.compareAndSet(null, configured != null ? configured : fallback.get());
        return slot.get();
    }

    private static <T> T configured(Class<T> type, HystrixDynamicProperties properties, ClassLoader loader) {
        T named = named(type, properties);
        return named != null ? named : ServiceLoader.load(type, loader).findFirst().orElse(null);
    }

    /** The plugin named by {@code hystrix.plugin.<type>.implementation}, or null. */
    private static <T> T named(Class<T> type, HystrixDynamicProperties properties) {
        String property = "hystrix.plugin." + type.getSimpleName() + ".implementation";
        String className = properties.getString(property, null).get();
        if (className == null || className.isBlank()) {
            return null;
        }
        try {
            Class<? extends T> implementation = Class.forName(className.trim()).asSubclass(type);
            return implementation.getDeclaredConstructor().newInstance();
        } catch (ClassCastException notAPlugin) {
            throw new IllegalStateException(property + "=" + className + ": the class is not a " + type.getName(), notAPlugin);
        } catch (ClassNotFoundException missing) {
            throw new IllegalStateException(property + "=" + className + ": no such class on the classpath", missing);
        } catch (ReflectiveOperationException | LinkageError cannotMake) {
            throw new IllegalStateException(property + "=" + className
                    + ": the class must be public with a public no-argument constructor", cannotMake);
        }
    }

    // The order is 1.5.18's, and so is each debug line (its tests read them): a class named by a system
    // property, else the first service, else Archaius.
    private static HystrixDynamicProperties resolveDynamicProperties(ClassLoader loader, LoggerSupplier logger) {
        HystrixDynamicProperties named = named(HystrixDynamicProperties.class, HystrixDynamicPropertiesSystemProperties.getInstance());
        if (named != null) {
            logger.getLogger().debug("Created HystrixDynamicProperties instance from System property named "
                    + "\"hystrix.plugin.HystrixDynamicProperties.implementation\". Using class: {}", named.getClass().getCanonicalName());
            return named;
        }
        HystrixDynamicProperties service = ServiceLoader.load(HystrixDynamicProperties.class, loader).findFirst().orElse(null);
        if (service != null) {
            logger.getLogger().debug("Created HystrixDynamicProperties instance by loading from ServiceLoader. Using class: {}",
                    service.getClass().getCanonicalName());
            return service;
        }
        HystrixDynamicProperties archaius = new HystrixDynamicPropertiesArchaius();
        logger.getLogger().debug("No HystrixDynamicProperties named or listed as a service: reading Archaius ({})",
                archaius.getClass().getCanonicalName());
        return archaius;
    }
}
