package dev.firebreak.lab.peers;

import dev.firebreak.lab.service.IntegersBackend;
import dev.firebreak.lab.service.RandomIntegers;
import dev.firebreak.lab.service.RandomOrgClient;
import io.github.resilience4j.bulkhead.ThreadPoolBulkhead;
import io.github.resilience4j.bulkhead.ThreadPoolBulkheadConfig;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.timelimiter.TimeLimiter;
import io.github.resilience4j.timelimiter.TimeLimiterConfig;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

/**
 * Resilience4j 2.4.0 set up like the seed's Hystrix command: a circuit breaker (defaults), a thread-pool
 * bulkhead of 100 threads with a queue of 100, and a 2000 ms time limiter that cancels the running
 * call. Resilience4j has no collapser: this variant is always unbatched.
 */
public final class Resilience4jBackend implements IntegersBackend {

    private final RandomOrgClient client;
    private final CircuitBreaker breaker = CircuitBreaker.ofDefaults("random.org");
    private final ThreadPoolBulkhead bulkhead = ThreadPoolBulkhead.of("random.org", ThreadPoolBulkheadConfig.custom()
            .maxThreadPoolSize(HystrixSettings.POOL_SIZE)
            .coreThreadPoolSize(HystrixSettings.POOL_SIZE)
            .queueCapacity(HystrixSettings.QUEUE_SIZE)
            .build());
    private final TimeLimiter timeLimiter = TimeLimiter.of("random.org", TimeLimiterConfig.custom()
            .timeoutDuration(Duration.ofMillis(HystrixSettings.TIMEOUT_MS))
            .cancelRunningFuture(true)
            .build());
    private final ScheduledExecutorService timeouts = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "r4j-time-limiter");
        thread.setDaemon(true);
        return thread;
    });

    /** The three policies around {@code client}. */
    public Resilience4jBackend(RandomOrgClient client) {
        this.client = client;
    }

    @Override
    public RandomIntegers fetch(int howMany) throws Exception {
        return breaker.executeCompletionStage(() -> timeLimiter.executeCompletionStage(timeouts,
                        () -> bulkhead.executeCallable(() -> client.generateIntegers(howMany))))
                .toCompletableFuture()
                .get();
    }

    @Override
    public void close() throws Exception {
        bulkhead.close();
        timeouts.shutdownNow();
    }
}
