package com.netflix.hystrix;

import com.netflix.config.ConfigurationManager;
import com.netflix.hystrix.strategy.HystrixPlugins;
import dev.firebreak.GuardRegistry;
import dev.firebreak.hystrix.HystrixBridge;
import dev.firebreak.testkit.ManualClock;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * Each test runs the bridge on a fresh registry driven by a {@link ManualClock}, with no Archaius
 * properties and no plugins, so command keys can be reused across tests.
 */
abstract class BridgeFixture {

    /** A safety net for waits on real threads; never a timing assertion. */
    static final long SAFETY_SECONDS = 10;

    final ManualClock clock = new ManualClock();

    @BeforeEach
    void freshBridge() {
        ConfigurationManager.getConfigInstance().clear();
        HystrixPlugins.reset();
        HystrixBridge.install(GuardRegistry.builder().clock(clock).build());
    }

    @AfterEach
    void cleanUp() {
        ConfigurationManager.getConfigInstance().clear();
        HystrixPlugins.reset();
    }

    static void setProperty(String key, Object value) {
        ConfigurationManager.getConfigInstance().setProperty(key, value);
    }

    static void await(CountDownLatch latch) throws InterruptedException {
        if (!latch.await(SAFETY_SECONDS, TimeUnit.SECONDS)) {
            throw new AssertionError("latch not released within the safety net of " + SAFETY_SECONDS + " s");
        }
    }

    void advanceMillis(long millis) {
        clock.advance(Duration.ofMillis(millis));
    }

    static HystrixCommandGroupKey group(String name) {
        return HystrixCommandGroupKey.Factory.asKey(name);
    }

    static HystrixCommandKey key(String name) {
        return HystrixCommandKey.Factory.asKey(name);
    }

    static HystrixCommandProperties.Setter semaphore() {
        return HystrixCommandProperties.Setter()
                .withExecutionIsolationStrategy(HystrixCommandProperties.ExecutionIsolationStrategy.SEMAPHORE);
    }
}
