package com.netflix.hystrix;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.firebreak.GuardRegistry;
import dev.firebreak.live.DynamicConfiguration;
import dev.firebreak.live.MapPropertySource;
import dev.firebreak.hystrix.HystrixBridge;
import org.junit.jupiter.api.Test;

/** A framework installs its own registry and property source into the bridge, Archaius beneath it. */
class BridgeInstallTest extends BridgeFixture {

    private static final String TIMEOUT = "hystrix.command.Framed.execution.isolation.thread.timeoutInMilliseconds";

    @Test
    void aSourceGivenAtInstallWinsOverArchaiusWhichStillAppliesBeneathIt() {
        GuardRegistry registry = GuardRegistry.builder().clock(clock).build();
        MapPropertySource environment = new MapPropertySource("environment");
        DynamicConfiguration configuration = HystrixBridge.install(registry, builder -> builder.source(environment));
        assertThat(HystrixBridge.registry()).isSameAs(registry);
        assertThat(HystrixBridge.configuration()).isSameAs(configuration);

        setProperty(TIMEOUT, 700);
        setProperty("hystrix.command.default.circuitBreaker.requestVolumeThreshold", 7);
        TestCommand command = new TestCommand(TestCommand.named("Framed", semaphore()), () -> "x");
        assertThat(command.getProperties().executionTimeoutInMilliseconds().get()).isEqualTo(700);

        environment.set(TIMEOUT, "300"); // the framework's source wins for the same key, live
        assertThat(command.getProperties().executionTimeoutInMilliseconds().get()).isEqualTo(300);
        assertThat(command.getProperties().circuitBreakerRequestVolumeThreshold().get()).isEqualTo(7);
        environment.remove(TIMEOUT);
        assertThat(command.getProperties().executionTimeoutInMilliseconds().get()).isEqualTo(700);
    }

    @Test
    void uninstallLetsTheBridgeMakeAFreshRegistryAndIgnoresAnotherRegistry() {
        GuardRegistry mine = GuardRegistry.builder().clock(clock).build();
        HystrixBridge.install(mine, builder -> { });
        HystrixBridge.uninstall(GuardRegistry.builder().build()); // not the installed one: nothing happens
        assertThat(HystrixBridge.registry()).isSameAs(mine);

        HystrixBridge.uninstall(mine);
        assertThat(HystrixBridge.registry()).isNotSameAs(mine);
        assertThat(mine.configResolver()).isNotSameAs(HystrixBridge.configuration()); // released from mine
        assertThat(new TestCommand(TestCommand.named("AfterUninstall", semaphore()), () -> "ran").execute()).isEqualTo("ran");
    }

    @Test
    void reinstallingTheSameRegistryReplacesItsConfiguration() {
        GuardRegistry registry = GuardRegistry.builder().clock(clock).build();
        DynamicConfiguration first = HystrixBridge.install(registry, builder -> { });
        DynamicConfiguration second = HystrixBridge.install(registry, builder -> { });
        assertThat(second).isNotSameAs(first);
        assertThat(registry.configResolver()).isSameAs(second);
        assertThatThrownBy(() -> DynamicConfiguration.builder(registry).build())
                .isInstanceOf(IllegalStateException.class); // still one configuration per registry
    }
}
