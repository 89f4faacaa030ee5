package dev.firebreak;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.isolation.ThreadPoolConfig;
import dev.firebreak.testkit.ManualClock;
import dev.firebreak.time.Cancellable;
import dev.firebreak.time.Scheduler;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The two naming seams a registry offers (the Hystrix bridge names its threads as Hystrix did): its
 * pools' threads are named by {@code poolThreadNames}, and what a timeout decided on runs where the
 * scheduler's {@code runOffTimer} puts it, never on the timer.
 */
class ThreadNamingTest {

    private static final long MS = 1_000_000L;

    @Test
    void poolThreadsAreNamedByTheRegistry() throws Exception {
        try (GuardRegistry named = GuardRegistry.builder().poolThreadNames(pool -> "mine-" + pool + "-").build();
                GuardRegistry plain = GuardRegistry.builder().build()) {
            assertThat(runOnPool(named)).isEqualTo("mine-P-1");
            assertThat(runOnPool(plain)).isEqualTo("firebreak-P-1");
        }
    }

    private static String runOnPool(GuardRegistry registry) {
        Guard guard = registry.guard("g").pool("P").isolation(Isolation.threadPool(ThreadPoolConfig.builder().coreSize(1).build())).build();
        return guard.execute(() -> Thread.currentThread().getName());
    }

    @Test
    void aTimeoutsFallbackRunsWhereTheSchedulerHandsItOff() throws Exception {
        ManualClock clock = new ManualClock(7_000_000_000L);
        Scheduler namingScheduler = new Scheduler() {
            @Override
            public Cancellable schedule(long delayNanos, Runnable task) {
                return clock.schedule(delayNanos, task);
            }

            @Override
            public void runOffTimer(Runnable work) {
                Thread.ofPlatform().daemon().name("after-timer").start(work);
            }
        };
        try (GuardRegistry registry = GuardRegistry.builder().ticker(clock).scheduler(namingScheduler).build()) {
            Guard guard = registry.guard("g").timeout(Duration.ofMillis(50)).build();
            CompletableFuture<String> fallbackThread = guard.submitAsync(CompletableFuture::new,
                    failure -> failure.event() + " on " + Thread.currentThread().getName());
            clock.advance(50 * MS);
            assertThat(fallbackThread.get(20, TimeUnit.SECONDS)).isEqualTo("TIMEOUT on after-timer");
        }
    }

    @Test
    void byDefaultItRunsOnAVirtualThreadOfItsOwn() throws Exception {
        ManualClock clock = new ManualClock(7_000_000_000L);
        try (GuardRegistry registry = GuardRegistry.builder().clock(clock).build()) {
            Guard guard = registry.guard("g").timeout(Duration.ofMillis(50)).build();
            CompletableFuture<Thread> fallbackThread = guard.submitAsync(CompletableFuture::new, failure -> Thread.currentThread());
            clock.advance(50 * MS);
            Thread thread = fallbackThread.get(20, TimeUnit.SECONDS);
            assertThat(thread.isVirtual()).isTrue();
            assertThat(thread.getName()).startsWith("firebreak-timeout-");
        }
    }
}
