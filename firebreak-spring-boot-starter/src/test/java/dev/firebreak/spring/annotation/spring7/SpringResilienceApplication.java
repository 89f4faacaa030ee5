package dev.firebreak.spring.annotation.spring7;

import dev.firebreak.spring.annotation.Guarded;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.resilience.annotation.ConcurrencyLimit;
import org.springframework.resilience.annotation.EnableResilientMethods;
import org.springframework.resilience.annotation.Retryable;

/** An application whose bean mixes Spring Framework 7's own resilience annotations with {@code @Guarded}. */
@SpringBootConfiguration
@EnableAutoConfiguration
@EnableResilientMethods
public class SpringResilienceApplication {

    /** A dependency that fails its first calls, counting every call and the calls running at once. */
    public static class Inventory {
        private final AtomicInteger calls = new AtomicInteger();
        private final AtomicInteger running = new AtomicInteger();
        private final AtomicInteger mostAtOnce = new AtomicInteger();
        private volatile int failFirst;
        private volatile CountDownLatch hold = new CountDownLatch(0);
        private volatile CountDownLatch arrivals = new CountDownLatch(0);

        public AtomicInteger calls() {
            return calls;
        }

        public int mostAtOnce() {
            return mostAtOnce.get();
        }

        public void failFirst(int count) {
            failFirst = count;
        }

        public void holdEachCallUntil(CountDownLatch latch) {
            hold = latch;
        }

        /** Each call counts down {@code latch} as it enters the method (inside every interceptor). */
        public void countArrivalsOn(CountDownLatch latch) {
            arrivals = latch;
        }

        /** Spring's retry around the guard: each attempt is a guarded call. */
        @Retryable(maxRetries = 2, delay = 0, jitter = 0)
        @Guarded(name = "inventory")
        public String stock(String item) {
            if (calls.incrementAndGet() <= failFirst) {
                throw new IllegalStateException("inventory down");
            }
            return "in stock: " + item;
        }

        /** Spring's concurrency limit around the guard; failures answered by the guard's fallback. */
        @ConcurrencyLimit(2)
        @Guarded(name = "reservations", fallbackMethod = "notReserved")
        public String reserve(String item) throws InterruptedException {
            arrivals.countDown();
            int now = running.incrementAndGet();
            mostAtOnce.accumulateAndGet(now, Math::max);
            try {
                if (!hold.await(30, TimeUnit.SECONDS)) {
                    throw new IllegalStateException("the test never released the call");
                }
                if (calls.incrementAndGet() % 2 == 0) {
                    throw new IllegalStateException("reservations down");
                }
                return "reserved " + item;
            } finally {
                running.decrementAndGet();
            }
        }

        String notReserved(String item, Throwable cause) {
            return "not reserved " + item;
        }
    }

    /** Both retries on one method: refused at startup (registered by the test that expects the refusal). */
    public static class DoubleRetry {
        @Retryable(maxRetries = 2, delay = 0)
        @Guarded(name = "lookups", retry = "lookups-retry")
        public String lookup(String key) {
            return key;
        }
    }

    @Bean
    Inventory inventory() {
        return new Inventory();
    }
}
