package com.netflix.hystrix.strategy.properties;

import static org.assertj.core.api.Assertions.assertThat;

import com.netflix.config.ConfigurationManager;
import com.netflix.hystrix.strategy.properties.HystrixPropertiesChainedArchaiusProperty.BooleanProperty;
import com.netflix.hystrix.strategy.properties.HystrixPropertiesChainedArchaiusProperty.DynamicBooleanProperty;
import com.netflix.hystrix.strategy.properties.HystrixPropertiesChainedArchaiusProperty.DynamicIntegerProperty;
import com.netflix.hystrix.strategy.properties.HystrixPropertiesChainedArchaiusProperty.DynamicStringProperty;
import com.netflix.hystrix.strategy.properties.HystrixPropertiesChainedArchaiusProperty.IntegerProperty;
import com.netflix.hystrix.strategy.properties.HystrixPropertiesChainedArchaiusProperty.StringProperty;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ChainedArchaiusPropertyTest {

    @AfterEach
    void clear() {
        ConfigurationManager.getConfigInstance().clear();
    }

    private static void set(String key, Object value) {
        ConfigurationManager.getConfigInstance().setProperty(key, value);
    }

    private static void unset(String key) {
        ConfigurationManager.getConfigInstance().clearProperty(key);
    }

    @Test
    void theFirstSetLinkWinsThenTheLastLinksDefault() {
        StringProperty chain = new StringProperty("t.cmd.Get.mode",
                new StringProperty("t.cmd.default.mode", new DynamicStringProperty("t.global.mode", "fixed")));
        assertThat(chain.get()).isEqualTo("fixed");
        set("t.global.mode", "global");
        assertThat(chain.get()).isEqualTo("global");
        set("t.cmd.Get.mode", "own");
        set("t.cmd.default.mode", "default");
        assertThat(chain.get()).isEqualTo("own");
        unset("t.cmd.Get.mode");
        assertThat(chain.get()).isEqualTo("default");
        assertThat(chain.getName()).isEqualTo("t.cmd.Get.mode");
    }

    @Test
    void anUnparsableValueIsSkippedAsIfUnset() {
        IntegerProperty size = new IntegerProperty("t.pool.A.size", new DynamicIntegerProperty("t.pool.default.size", 10));
        set("t.pool.A.size", "many");
        assertThat(size.get()).isEqualTo(10);
        set("t.pool.default.size", 4);
        assertThat(size.get()).isEqualTo(4);
        set("t.pool.A.size", " 7 ");
        assertThat(size.get()).isEqualTo(7);

        BooleanProperty on = new BooleanProperty("t.on", new DynamicBooleanProperty("t.default.on", true));
        set("t.on", "yes");
        assertThat(on.get()).isTrue();
        set("t.on", "FALSE");
        assertThat(on.get()).isFalse();
    }

    @Test
    void callbacksRunWhenTheLinksOwnPropertyChangesOnly() {
        StringProperty chain = new StringProperty("t.own", new DynamicStringProperty("t.fallback", "f"));
        AtomicInteger calls = new AtomicInteger();
        chain.addCallback(calls::incrementAndGet);
        set("t.fallback", "g");
        assertThat(calls).hasValue(0);
        set("t.own", "o");
        unset("t.own");
        assertThat(calls).hasValue(2);
        assertThat(chain.get()).isEqualTo("g");
    }
}
