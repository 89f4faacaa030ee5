package dev.firebreak.hystrix.javanica;

import static dev.firebreak.hystrix.javanica.JavanicaContexts.runner;
import static java.util.concurrent.TimeUnit.SECONDS;
import static org.assertj.core.api.Assertions.assertThat;

import com.netflix.hystrix.contrib.javanica.annotation.HystrixCommand;
import com.netflix.hystrix.contrib.javanica.annotation.HystrixProperty;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Many threads calling annotated methods at once: every call completes exactly once, with its own value or its own fallback. */
class ConcurrentCallsTest {

    private static final int THREADS = 16;
    private static final int CALLS = 200;

    @Test
    void everyCallCompletesOnceWithItsOwnOutcome() {
        runner().withBean(Echo.class).run(context -> {
            Echo echo = context.getBean(Echo.class);
            CountDownLatch start = new CountDownLatch(1);
            ExecutorService pool = Executors.newFixedThreadPool(THREADS);
            try {
                List<Future<Integer>> threads = new ArrayList<>();
                for (int t = 0; t < THREADS; t++) {
                    int thread = t;
                    threads.add(pool.submit(() -> {
                        start.await();
                        int checked = 0;
                        for (int i = 0; i < CALLS; i++) {
                            int n = thread * CALLS + i;
                            String expected = n % 3 == 0 ? "fallback-" + n : "echo-" + n;
                            assertThat(echo.echo(n)).isEqualTo(expected);
                            checked++;
                        }
                        return checked;
                    }));
                }
                start.countDown();
                int total = 0;
                for (Future<Integer> thread : threads) {
                    total += thread.get(60, SECONDS);
                }
                assertThat(total).isEqualTo(THREADS * CALLS);
                assertThat(echo.runs()).isEqualTo(THREADS * CALLS);
                assertThat(echo.fallbacks()).isEqualTo((THREADS * CALLS + 2) / 3);
            } finally {
                pool.shutdownNow();
            }
        });
    }

    /** Fails every third call. */
    public static class Echo {
        private final AtomicInteger runs = new AtomicInteger();
        private final AtomicInteger fallbacks = new AtomicInteger();

        @HystrixCommand(fallbackMethod = "echoFallback", commandProperties = {
                @HystrixProperty(name = "circuitBreaker.enabled", value = "false"),
                @HystrixProperty(name = "execution.isolation.strategy", value = "SEMAPHORE"),
                @HystrixProperty(name = "execution.isolation.semaphore.maxConcurrentRequests", value = "100"),
                @HystrixProperty(name = "fallback.isolation.semaphore.maxConcurrentRequests", value = "100"),
                @HystrixProperty(name = "execution.timeout.enabled", value = "false")})
        public String echo(int n) {
            runs.incrementAndGet();
            if (n % 3 == 0) {
                throw new IllegalStateException("every third fails");
            }
            return "echo-" + n;
        }

        String echoFallback(int n, Throwable cause) {
            fallbacks.incrementAndGet();
            return "fallback-" + n;
        }

        public int runs() {
            return runs.get();
        }

        public int fallbacks() {
            return fallbacks.get();
        }
    }
}
