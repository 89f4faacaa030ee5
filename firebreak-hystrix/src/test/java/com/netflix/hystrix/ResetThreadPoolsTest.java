package com.netflix.hystrix;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.hystrix.HystrixBridge;
import dev.firebreak.isolation.GuardThreadPool;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** {@code Hystrix.reset()} shuts the bridge's thread pools down and forgets them, as 1.5.18 does. */
class ResetThreadPoolsTest extends BridgeFixture {

    private static TestCommand onPool(String key, String pool, Callable<String> work) {
        return new TestCommand(TestCommand.named(key, HystrixCommandProperties.Setter())
                .andThreadPoolKey(HystrixThreadPoolKey.Factory.asKey(pool)), work);
    }

    @Test
    void resetShutsDownAndForgetsThePoolsOfCommandKeys() {
        assertThat(onPool("OnResetPool", "ResetPool", () -> "a").execute()).isEqualTo("a");
        GuardThreadPool before = HystrixBridge.registry().findPool("ResetPool").orElseThrow();
        assertThat(before.isShutdown()).isFalse();

        Hystrix.reset();

        assertThat(before.isShutdown()).isTrue();
        assertThat(HystrixBridge.registry().findPool("ResetPool")).isEmpty();
        assertThat(HystrixThreadPoolMetrics.getInstances()).isEmpty();

        assertThat(onPool("OnResetPool", "ResetPool", () -> "b").execute()).isEqualTo("b");
        GuardThreadPool after = HystrixBridge.registry().findPool("ResetPool").orElseThrow();
        assertThat(after).isNotSameAs(before);
        assertThat(after.isShutdown()).isFalse();
    }

    @Test
    void resetWithATimeWaitsForTheShutPoolsToFinishTheirTasks() throws Exception {
        CountDownLatch running = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        var future = onPool("Busy", "BusyPool", () -> {
            running.countDown();
            await(release);
            return "done";
        }).queue();
        await(running);
        GuardThreadPool pool = HystrixBridge.registry().findPool("BusyPool").orElseThrow();

        // The task ends only after reset has shut its pool down: reset must wait for it to terminate.
        Thread releaser = new Thread(() -> {
            try {
                while (!pool.isShutdown()) {
                    Thread.onSpinWait();
                }
            } finally {
                release.countDown();
            }
        });
        releaser.start();
        Hystrix.reset(SAFETY_SECONDS, TimeUnit.SECONDS);
        assertThat(pool.isTerminated()).isTrue();
        assertThat(future.get(SAFETY_SECONDS, TimeUnit.SECONDS)).isEqualTo("done"); // a task already taken ran to its end
    }
}
