package dev.firebreak.context;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.GuardTimeoutException;
import dev.firebreak.Isolation;
import dev.firebreak.collapse.Collapser;
import dev.firebreak.collapse.CollapserRegistry;
import dev.firebreak.collapse.DispatchStrategy;
import dev.firebreak.collapse.ResponseMapping;
import dev.firebreak.isolation.ThreadPoolConfig;
import dev.firebreak.testkit.ManualClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A registry's {@link ContextCarrier} takes the submitter's thread-bound value everywhere user code runs. */
class ContextCarrierTest {

    /** Stands for an MDC or a tracing span: a plain ThreadLocal the carrier captures and restores. */
    private static final ThreadLocal<String> TRACE = new ThreadLocal<>();

    private static final ContextCarrier CARRIER = () -> {
        String captured = TRACE.get();
        return () -> {
            String previous = TRACE.get();
            TRACE.set(captured);
            return () -> TRACE.set(previous);
        };
    };

    private final ManualClock clock = new ManualClock();
    private final GuardRegistry registry = GuardRegistry.builder().clock(clock).contextCarrier(CARRIER).build();

    @AfterEach
    void close() {
        TRACE.remove();
        registry.close();
    }

    @Test
    void theDefaultCarrierCarriesNothing() {
        assertThat(GuardRegistry.builder().build().contextCarrier()).isSameAs(ContextCarrier.NONE);
    }

    @Test
    void aThreadIsolatedCallSeesTheSubmittersValueAndThePoolThreadIsLeftClean() throws Exception {
        Guard pooled = registry.guard("pooled").isolation(Isolation.threadPool(ThreadPoolConfig.builder().coreSize(1).build()))
                .timeout(Duration.ofSeconds(5)).build();
        TRACE.set("trace-1");
        assertThat(pooled.submit(TRACE::get).get(10, TimeUnit.SECONDS)).isEqualTo("trace-1");
        assertThat(pooled.execute(TRACE::get)).isEqualTo("trace-1");
        TRACE.remove();
        assertThat(pooled.submit(TRACE::get).get(10, TimeUnit.SECONDS)).isNull(); // same thread, nothing stale
    }

    @Test
    void aVirtualThreadCallSeesTheSubmittersValue() throws Exception {
        Guard virtual = registry.guard("virtual").isolation(Isolation.virtualThreads(10)).build();
        TRACE.set("trace-2");
        assertThat(virtual.submit(TRACE::get).get(10, TimeUnit.SECONDS)).isEqualTo("trace-2");
    }

    @Test
    void aSemaphoreCallRunsOnTheCallersThreadWithItsValue() {
        Guard semaphore = registry.guard("semaphore").isolation(Isolation.semaphore(10)).build();
        TRACE.set("trace-3");
        assertThat(semaphore.execute(TRACE::get)).isEqualTo("trace-3");
    }

    @Test
    void aTimeoutsFallbackAndTheCallersContinuationSeeTheSubmittersValue() throws Exception {
        Guard slow = registry.guard("slow").isolation(Isolation.virtualThreads(10)).timeout(Duration.ofMillis(100)).build();
        CountDownLatch never = new CountDownLatch(1);
        AtomicReference<String> inFallback = new AtomicReference<>();
        TRACE.set("trace-4");
        CompletableFuture<String> continued = slow.submit(() -> {
            never.await();
            return "late";
        }, failure -> {
            inFallback.set(TRACE.get());
            return failure instanceof GuardTimeoutException ? "timed out" : "other";
        }).thenApply(value -> value + " in " + TRACE.get());
        TRACE.remove();
        clock.advance(Duration.ofMillis(100)); // the timer claims the outcome; the fallback runs off the timer
        assertThat(continued.get(10, TimeUnit.SECONDS)).isEqualTo("timed out in trace-4");
        assertThat(inFallback.get()).isEqualTo("trace-4");
        never.countDown();
    }

    @Test
    void anAsyncStagesContinuationSeesTheSubmittersValueOnTheCompletingThread() throws Exception {
        Guard async = registry.guard("async").isolation(Isolation.virtualThreads(10)).timeout(Duration.ofSeconds(5)).build();
        CompletableFuture<String> downstream = new CompletableFuture<>();
        TRACE.set("trace-5");
        CompletableFuture<String> continued = async.submitAsync(() -> downstream).thenApply(v -> v + " in " + TRACE.get());
        TRACE.remove();
        Thread.ofPlatform().start(() -> downstream.complete("value")).join(); // another thread completes it
        assertThat(continued.get(10, TimeUnit.SECONDS)).isEqualTo("value in trace-5");
    }

    @Test
    void aCollapsedBatchRunsInItsFirstRequestsContextAndEachCallerContinuesInItsOwn() throws Exception {
        Guard batchGuard = registry.guard("batch").isolation(Isolation.virtualThreads(10)).timeout(Duration.ofSeconds(5)).build();
        List<String> batchSaw = new ArrayList<>();
        Collapser<Integer, String> collapser = CollapserRegistry.of(registry).<Integer, String>collapser("ids")
                .through(batchGuard)
                .batch(arguments -> {
                    synchronized (batchSaw) {
                        batchSaw.add(TRACE.get());
                    }
                    return arguments.stream().map(a -> "v" + a).toList();
                }, ResponseMapping.inOrder())
                .configure(c -> c.dispatchStrategy(DispatchStrategy.TIMER).timerDelayInMilliseconds(10))
                .build();
        TRACE.set("first");
        CompletableFuture<String> one = collapser.submit(1).thenApply(v -> v + " in " + TRACE.get());
        TRACE.set("second");
        CompletableFuture<String> two = collapser.submit(2).thenApply(v -> v + " in " + TRACE.get());
        TRACE.remove();
        clock.advance(Duration.ofMillis(10)); // the window closes on the timer thread
        assertThat(one.get(10, TimeUnit.SECONDS)).isEqualTo("v1 in first");
        assertThat(two.get(10, TimeUnit.SECONDS)).isEqualTo("v2 in second");
        assertThat(batchSaw).containsExactly("first");
    }
}
