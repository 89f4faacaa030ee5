package com.netflix.hystrix;

import static org.assertj.core.api.Assertions.assertThat;

import com.netflix.hystrix.strategy.concurrency.HystrixRequestContext;
import dev.firebreak.hystrix.HystrixBridge;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Many threads making and running commands of the same keys at once, from one start signal. */
@SuppressWarnings("try") // contexts opened for their effect on the thread
class ConcurrentUseStressTest extends BridgeFixture {

    private static final int THREADS = 16;
    private static final int PER_THREAD = 200;
    private static final int KEYS = 4;

    @Test
    void concurrentFirstUsesOfAKeyShareOneGuardAndEveryCallIsCounted() throws Exception {
        CountDownLatch go = new CountDownLatch(1);
        AtomicInteger values = new AtomicInteger();
        ExecutorService threads = Executors.newFixedThreadPool(THREADS);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                done.add(threads.submit(() -> {
                    await(go);
                    for (int i = 0; i < PER_THREAD; i++) {
                        String key = "Stress" + (i % KEYS);
                        String value = new TestCommand(TestCommand.named(key, semaphore()
                                .withExecutionIsolationSemaphoreMaxConcurrentRequests(THREADS)), () -> "v").execute();
                        if (value.equals("v")) {
                            values.incrementAndGet();
                        }
                    }
                    return null;
                }));
            }
            go.countDown();
            for (Future<?> f : done) {
                f.get(SAFETY_SECONDS * 3, TimeUnit.SECONDS);
            }
        } finally {
            threads.shutdownNow();
        }

        assertThat(values).hasValue(THREADS * PER_THREAD);
        long counted = 0;
        for (int k = 0; k < KEYS; k++) {
            assertThat(HystrixBridge.registry().find("Stress" + k)).isPresent();
            counted += HystrixCommandMetrics.getInstance(key("Stress" + k)).getCumulativeCount(HystrixEventType.SUCCESS);
        }
        assertThat(counted).isEqualTo((long) THREADS * PER_THREAD);
    }

    @Test
    void oneRequestLogSharedByManyThreadsKeepsEveryCommandUpToItsCap() throws Exception {
        try (HystrixRequestContext context = HystrixRequestContext.initializeContext()) {
            CountDownLatch go = new CountDownLatch(1);
            ExecutorService threads = Executors.newFixedThreadPool(THREADS);
            try {
                List<Future<?>> done = new ArrayList<>();
                for (int t = 0; t < THREADS; t++) {
                    Runnable work = () -> {
                        try {
                            await(go);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                            return;
                        }
                        for (int i = 0; i < 100; i++) {
                            new TestCommand(TestCommand.named("Logged", semaphore()
                                    .withExecutionIsolationSemaphoreMaxConcurrentRequests(THREADS)), () -> "v").execute();
                        }
                    };
                    done.add(threads.submit(new com.netflix.hystrix.strategy.concurrency.HystrixContextRunnable(work)));
                }
                go.countDown();
                for (Future<?> f : done) {
                    f.get(SAFETY_SECONDS * 3, TimeUnit.SECONDS);
                }
            } finally {
                threads.shutdownNow();
            }
            HystrixRequestLog log = HystrixRequestLog.getCurrentRequest();
            assertThat(log.getAllExecutedCommands()).hasSize(HystrixRequestLog.MAX_STORAGE);
            assertThat(log.getExecutedCommandsAsString()).isEqualTo("Logged[SUCCESS][0ms]x" + HystrixRequestLog.MAX_STORAGE);
        }
    }
}
