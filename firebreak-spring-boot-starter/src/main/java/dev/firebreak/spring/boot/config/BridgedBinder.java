package dev.firebreak.spring.boot.config;

import dev.firebreak.GuardRegistry;
import dev.firebreak.live.DynamicConfiguration;
import dev.firebreak.hystrix.HystrixBridge;
import java.util.function.Consumer;
import org.springframework.core.env.ConfigurableEnvironment;

/**
 * The binder when firebreak-hystrix is present: installs the application's registry into
 * {@link HystrixBridge} with the Spring Environment above Archaius's {@code ConfigurationManager} (the
 * Environment wins for the same key; Archaius still applies beneath it), so {@code HystrixCommand}s and
 * guards run on one registry configured from {@code application.yml}. Closing the registry uninstalls it.
 */
public final class BridgedBinder extends EnvironmentConfigurationBinder {

    /** A binder reading {@code environment}. */
    public BridgedBinder(ConfigurableEnvironment environment) {
        super(environment);
    }

    /** A binder reading {@code environment}, typed as any binder (the starter calls it only when the bridge is present). */
    public static EnvironmentConfigurationBinder create(ConfigurableEnvironment environment) {
        return new BridgedBinder(environment);
    }

    /** Always: bridged commands must run on the application's registry from the first one. */
    @Override
    public boolean bindsAtStartup() {
        return true;
    }

    @Override
    protected DynamicConfiguration install(GuardRegistry registry, Consumer<DynamicConfiguration.Builder> customizer) {
        DynamicConfiguration configuration = HystrixBridge.install(registry, customizer);
        registry.whenClosed(() -> HystrixBridge.uninstall(registry));
        return configuration;
    }

    @Override
    protected void release(GuardRegistry registry, DynamicConfiguration configuration) {
        HystrixBridge.uninstall(registry);
    }
}
