package com.netflix.hystrix;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.netflix.hystrix.strategy.HystrixPlugins;
import com.netflix.hystrix.strategy.concurrency.HystrixConcurrencyStrategy;
import com.netflix.hystrix.strategy.concurrency.HystrixConcurrencyStrategyDefault;
import com.netflix.hystrix.strategy.eventnotifier.HystrixEventNotifier;
import com.netflix.hystrix.strategy.eventnotifier.HystrixEventNotifierDefault;
import com.netflix.hystrix.strategy.executionhook.HystrixCommandExecutionHook;
import com.netflix.hystrix.strategy.executionhook.HystrixCommandExecutionHookDefault;
import com.netflix.hystrix.strategy.metrics.HystrixMetricsPublisher;
import com.netflix.hystrix.strategy.metrics.HystrixMetricsPublisherDefault;
import com.netflix.hystrix.strategy.properties.HystrixDynamicProperties;
import com.netflix.hystrix.strategy.properties.HystrixPropertiesStrategy;
import com.netflix.hystrix.strategy.properties.HystrixPropertiesStrategyDefault;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Registration, lookup and reset of the five plugins, as hystrix-core 1.5.18 does them. */
class HystrixPluginsTest extends BridgeFixture {

    public static final class NamedHook extends HystrixCommandExecutionHook {
    }

    /** A plugin type: how to make one, register one and read the one in force; its default. */
    record Plugin<T>(String name, Function<Integer, T> make, BiConsumer<HystrixPlugins, T> register,
            Function<HystrixPlugins, T> get, T defaultOne) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Arguments> plugins() {
        return Stream.of(
                Arguments.of(new Plugin<HystrixConcurrencyStrategy>("concurrency strategy", i -> new HystrixConcurrencyStrategy() { },
                        HystrixPlugins::registerConcurrencyStrategy, HystrixPlugins::getConcurrencyStrategy,
                        HystrixConcurrencyStrategyDefault.getInstance())),
                Arguments.of(new Plugin<HystrixCommandExecutionHook>("execution hook", i -> new HystrixCommandExecutionHook() { },
                        HystrixPlugins::registerCommandExecutionHook, HystrixPlugins::getCommandExecutionHook,
                        HystrixCommandExecutionHookDefault.getInstance())),
                Arguments.of(new Plugin<HystrixEventNotifier>("event notifier", i -> new HystrixEventNotifier() { },
                        HystrixPlugins::registerEventNotifier, HystrixPlugins::getEventNotifier, HystrixEventNotifierDefault.getInstance())),
                Arguments.of(new Plugin<HystrixMetricsPublisher>("metrics publisher", i -> new HystrixMetricsPublisher() { },
                        HystrixPlugins::registerMetricsPublisher, HystrixPlugins::getMetricsPublisher,
                        HystrixMetricsPublisherDefault.getInstance())),
                Arguments.of(new Plugin<HystrixPropertiesStrategy>("properties strategy", i -> new HystrixPropertiesStrategy() { },
                        HystrixPlugins::registerPropertiesStrategy, HystrixPlugins::getPropertiesStrategy,
                        HystrixPropertiesStrategyDefault.getInstance())));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("plugins")
    <T> void aPluginRegistersOnceUntilReset(Plugin<T> plugin) {
        HystrixPlugins plugins = HystrixPlugins.getInstance();
        T first = plugin.make().apply(1);
        T second = plugin.make().apply(2);

        plugin.register().accept(plugins, first);

        assertThat(plugin.get().apply(plugins)).isSameAs(first);
        assertThatThrownBy(() -> plugin.register().accept(plugins, second)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(first.getClass().getName()).hasMessageContaining(second.getClass().getName())
                .hasMessageContaining("HystrixPlugins.reset()");
        assertThat(plugin.get().apply(plugins)).isSameAs(first);

        HystrixPlugins.reset();

        assertThat(plugin.get().apply(plugins)).isSameAs(plugin.defaultOne());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("plugins")
    <T> void onceTheDefaultIsInForceRegisteringThrowsAsIn1518(Plugin<T> plugin) {
        HystrixPlugins plugins = HystrixPlugins.getInstance();
        assertThat(plugin.get().apply(plugins)).isSameAs(plugin.defaultOne());

        assertThatThrownBy(() -> plugin.register().accept(plugins, plugin.make().apply(1))).isInstanceOf(IllegalStateException.class);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("plugins")
    <T> void registeringNullSaysWhichCallWasWrong(Plugin<T> plugin) {
        assertThatThrownBy(() -> plugin.register().accept(HystrixPlugins.getInstance(), null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("register").hasMessageContaining("null");
    }

    @Test
    void hystrixResetForgetsThePluginsAs1518Does() {
        HystrixCommandExecutionHook hook = new HystrixCommandExecutionHook() { };
        HystrixPlugins.getInstance().registerCommandExecutionHook(hook);

        Hystrix.reset();

        assertThat(HystrixPlugins.getInstance().getCommandExecutionHook()).isSameAs(HystrixCommandExecutionHookDefault.getInstance());
    }

    @Test
    void aPluginNamedByItsDynamicPropertyIsMadeOnFirstUse() {
        setProperty("hystrix.plugin.HystrixCommandExecutionHook.implementation", NamedHook.class.getName());

        assertThat(HystrixPlugins.getInstance().getCommandExecutionHook()).isInstanceOf(NamedHook.class);
    }

    @Test
    void aPluginPropertyNamingAnUnknownClassSaysWhichPropertyAndClass() {
        setProperty("hystrix.plugin.HystrixEventNotifier.implementation", "no.such.Notifier");

        assertThatThrownBy(() -> HystrixPlugins.getInstance().getEventNotifier()).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("hystrix.plugin.HystrixEventNotifier.implementation").hasMessageContaining("no.such.Notifier");
    }

    @Test
    void dynamicPropertiesReadArchaiusLiveAndRunCallbacks() {
        HystrixDynamicProperties properties = HystrixPlugins.getInstance().getDynamicProperties();
        AtomicInteger changes = new AtomicInteger();
        var size = properties.getInteger("plugin.test.size", 7);
        size.addCallback(changes::incrementAndGet);

        assertThat(size.get()).isEqualTo(7);
        setProperty("plugin.test.size", "12");

        assertThat(size.get()).isEqualTo(12);
        assertThat(changes).hasPositiveValue();
        assertThat(properties.getString("plugin.test.unset", null).get()).isNull();
        assertThat(properties.getBoolean("plugin.test.unset", true).get()).isTrue();
    }

    @Test
    void commandsMadeWithoutPluginsTakeNone() {
        TestCommand command = new TestCommand(TestCommand.named("NoPlugins", semaphore()), () -> "v");

        assertThat(command.plugins.hook).isNull();
        assertThat(command.plugins.notifier).isNull();
        assertThat(command.plugins.strategy).isNull();
    }
}
