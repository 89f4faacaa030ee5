package com.netflix.hystrix.strategy;

import static org.assertj.core.api.Assertions.assertThat;

import com.netflix.hystrix.strategy.properties.HystrixDynamicProperties;
import com.netflix.hystrix.strategy.properties.HystrixDynamicPropertiesSystemProperties;
import com.netflix.hystrix.strategy.properties.HystrixDynamicProperty;
import com.netflix.hystrix.strategy.properties.archaius.HystrixDynamicPropertiesArchaius;
import java.lang.reflect.Proxy;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;

/** How {@code HystrixPlugins.create} chooses the dynamic properties, and the line it logs for each choice. */
class PluginsLookupLogTest {

    private static final String PROPERTY = "hystrix.plugin.HystrixDynamicProperties.implementation";

    private final List<String> logged = new ArrayList<>();

    /** A dynamic-properties plugin a test lists as a service. */
    public static final class ListedProperties implements HystrixDynamicProperties {
        @Override
        public HystrixDynamicProperty<String> getString(String name, String fallback) {
            return HystrixDynamicPropertiesSystemProperties.getInstance().getString(name, fallback);
        }

        @Override
        public HystrixDynamicProperty<Integer> getInteger(String name, Integer fallback) {
            return HystrixDynamicPropertiesSystemProperties.getInstance().getInteger(name, fallback);
        }

        @Override
        public HystrixDynamicProperty<Long> getLong(String name, Long fallback) {
            return HystrixDynamicPropertiesSystemProperties.getInstance().getLong(name, fallback);
        }

        @Override
        public HystrixDynamicProperty<Boolean> getBoolean(String name, Boolean fallback) {
            return HystrixDynamicPropertiesSystemProperties.getInstance().getBoolean(name, fallback);
        }
    }

    @AfterEach
    void clearProperty() {
        System.clearProperty(PROPERTY);
    }

    private HystrixPlugins create(ClassLoader loader) {
        Logger recording = (Logger) Proxy.newProxyInstance(Logger.class.getClassLoader(), new Class<?>[] {Logger.class},
                (proxy, method, args) -> {
                    logged.add(method.getName() + " " + Arrays.toString(args));
                    return method.getReturnType() == boolean.class ? Boolean.FALSE : null;
                });
        return HystrixPlugins.create(loader, () -> recording);
    }

    @Test
    void aClassNamedByTheSystemPropertyComesFirst() {
        System.setProperty(PROPERTY, HystrixDynamicPropertiesSystemProperties.class.getName());
        HystrixPlugins plugins = create(getClass().getClassLoader());
        assertThat(plugins.getDynamicProperties()).isInstanceOf(HystrixDynamicPropertiesSystemProperties.class);
        assertThat(logged).singleElement().asString().startsWith("debug [Created HystrixDynamicProperties instance from System property")
                .endsWith(HystrixDynamicPropertiesSystemProperties.class.getCanonicalName() + "]");
    }

    @Test
    void thenTheFirstServiceTheLoaderLists(@TempDir Path dir) throws Exception {
        Path services = Files.createDirectories(dir.resolve("META-INF/services"));
        Files.writeString(services.resolve(HystrixDynamicProperties.class.getName()), ListedProperties.class.getName() + "\n");
        try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()}, getClass().getClassLoader())) {
            HystrixPlugins plugins = create(loader);
            assertThat(plugins.getDynamicProperties()).isInstanceOf(ListedProperties.class);
        }
        assertThat(logged).singleElement().asString().startsWith("debug [Created HystrixDynamicProperties instance by loading from ServiceLoader")
                .endsWith(ListedProperties.class.getCanonicalName() + "]");
    }

    @Test
    void elseArchaius() {
        HystrixPlugins plugins = create(getClass().getClassLoader());
        assertThat(plugins.getDynamicProperties()).isInstanceOf(HystrixDynamicPropertiesArchaius.class);
        assertThat(logged).singleElement().asString().startsWith("debug [").contains("Archaius");
    }
}
