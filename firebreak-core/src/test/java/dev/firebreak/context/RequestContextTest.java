package dev.firebreak.context;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.event.EventType;
import dev.firebreak.isolation.ThreadPoolConfig;
import dev.firebreak.testkit.ManualClock;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class RequestContextTest {

    private final ManualClock clock = new ManualClock();
    private final GuardRegistry registry = GuardRegistry.builder().clock(clock).build();
    private final ExecutorService executor = Executors.newFixedThreadPool(1);

    @AfterEach
    void shutDown() {
        executor.shutdownNow();
        assertThat(RequestContext.currentOrNull()).isNull(); // no test leaks a context onto the test thread
    }

    @Test
    void openMakesItCurrentAndCloseRestoresThePreviousOne() {
        assertThat(RequestContext.current()).isEmpty();
        try (RequestContext outer = RequestContext.open()) {
            try (RequestContext inner = RequestContext.open()) {
                assertThat(RequestContext.currentOrNull()).isSameAs(inner);
            }
            assertThat(RequestContext.currentOrNull()).isSameAs(outer);
        }
        assertThat(RequestContext.current()).isEmpty();
    }

    @Test
    void theContextFollowsTheCallOntoAGuardsPoolThreadAndLeavesWithIt() throws Exception {
        Guard pooled = registry.guard("pooled").isolation(Isolation.threadPool(ThreadPoolConfig.builder().coreSize(1).build()))
                .timeout(Duration.ofSeconds(5)).build();
        try (RequestContext ctx = RequestContext.open()) {
            assertThat(pooled.submit(RequestContext::currentOrNull).get(10, TimeUnit.SECONDS)).isSameAs(ctx);
            assertThat(ctx.log().entries()).extracting(RequestLogEntry::name).containsExactly("pooled");
        }
        // the same pool thread, outside any context: nothing stale left on it
        assertThat(pooled.submit(RequestContext::currentOrNull).get(10, TimeUnit.SECONDS)).isNull();
    }

    @Test
    void theContextFollowsTheCallOntoAVirtualThread() throws Exception {
        Guard virtual = registry.guard("virtual").isolation(Isolation.virtualThreads(10)).build();
        try (RequestContext ctx = RequestContext.open()) {
            assertThat(virtual.submit(RequestContext::currentOrNull).get(10, TimeUnit.SECONDS)).isSameAs(ctx);
        }
    }

    @Test
    void stagesChainedOnAGuardsFutureSeeTheContextWhereverTheyComplete() throws Exception {
        Guard async = registry.guard("async").isolation(Isolation.virtualThreads(10)).build();
        CompletableFuture<String> downstream = new CompletableFuture<>();
        AtomicReference<RequestContext> seen = new AtomicReference<>();
        CompletableFuture<String> chained;
        RequestContext opened;
        try (RequestContext ctx = RequestContext.open()) {
            opened = ctx;
            chained = async.submitAsync(() -> downstream).thenApply(v -> {
                seen.set(RequestContext.currentOrNull());
                return v;
            });
        }
        executor.submit(() -> downstream.complete("x")).get(10, TimeUnit.SECONDS); // another thread completes it
        assertThat(chained.get(10, TimeUnit.SECONDS)).isEqualTo("x");
        assertThat(seen.get()).isSameAs(opened);
        assertThat(opened.log().entries()).extracting(RequestLogEntry::name).containsExactly("async");
    }

    @Test
    void aTimeoutAndItsFallbackRunInTheCallersContextOnTheTimerThread() throws Exception {
        Guard slow = registry.guard("slow").isolation(Isolation.virtualThreads(10)).timeout(Duration.ofMillis(100)).build();
        AtomicReference<RequestContext> inFallback = new AtomicReference<>();
        RequestContext opened;
        CompletableFuture<String> result;
        try (RequestContext ctx = RequestContext.open()) {
            opened = ctx;
            result = slow.submitAsync(CompletableFuture::new, failure -> {
                inFallback.set(RequestContext.currentOrNull());
                return "fallback";
            });
        }
        executor.submit(() -> clock.advance(Duration.ofMillis(100))).get(10, TimeUnit.SECONDS); // a thread with no context
        assertThat(result.get(10, TimeUnit.SECONDS)).isEqualTo("fallback");
        assertThat(inFallback.get()).isSameAs(opened);
        assertThat(opened.log().format()).isEqualTo("slow[TIMEOUT, FALLBACK_SUCCESS][100ms]");
    }

    @Test
    void propagatingAndWrappedExecutorsCarryTheContext() throws Exception {
        try (RequestContext ctx = RequestContext.open()) {
            AtomicReference<RequestContext> viaPropagating = new AtomicReference<>();
            AtomicReference<RequestContext> viaWrapped = new AtomicReference<>();
            CompletableFuture.runAsync(() -> viaPropagating.set(RequestContext.currentOrNull()),
                    RequestContext.propagating(executor)).get(10, TimeUnit.SECONDS);
            CompletableFuture.runAsync(() -> viaWrapped.set(RequestContext.currentOrNull()),
                    ctx.wrap(executor)).get(10, TimeUnit.SECONDS);
            assertThat(viaPropagating.get()).isSameAs(ctx);
            assertThat(viaWrapped.get()).isSameAs(ctx);
            assertThat(executor.submit(RequestContext::currentOrNull).get(10, TimeUnit.SECONDS)).isNull();
        }
    }

    @Test
    void aCachedCallRunsOncePerContextAndHitsAreReported() {
        Guard guard = registry.guard("cached").isolation(Isolation.semaphore(10)).build();
        AtomicInteger runs = new AtomicInteger();
        try (RequestContext ctx = RequestContext.open()) {
            assertThat(guard.cached("k").execute(runs::incrementAndGet)).isEqualTo(1);
            assertThat(guard.cached("k").execute(runs::incrementAndGet)).isEqualTo(1);
            assertThat(guard.cached("other").execute(runs::incrementAndGet)).isEqualTo(2);
            assertThat(ctx.log().format()).isEqualTo("cached[SUCCESS][0ms]x2, cached[RESPONSE_FROM_CACHE][0ms]");
        }
        try (RequestContext next = RequestContext.open()) {
            assertThat(guard.cached("k").execute(runs::incrementAndGet)).isEqualTo(3); // a new request, a new cache
        }
        assertThat(guard.cached("k").execute(runs::incrementAndGet)).isEqualTo(4); // no context: no cache
        assertThat(guard.controls().metrics().cumulativeCount(EventType.RESPONSE_FROM_CACHE)).isEqualTo(1);
    }

    @Test
    void cachedFailuresAreSharedToo() {
        Guard guard = registry.guard("failing").isolation(Isolation.semaphore(10)).build();
        AtomicInteger runs = new AtomicInteger();
        try (RequestContext ctx = RequestContext.open()) {
            for (int i = 0; i < 2; i++) {
                String value = guard.cached("k").execute(() -> {
                    runs.incrementAndGet();
                    throw new IllegalStateException("boom");
                }, failure -> "fallback");
                assertThat(value).isEqualTo("fallback");
            }
        }
        assertThat(runs).hasValue(1);
    }

    @Test
    void requestCacheEnabledFalseRunsEveryCall() {
        Guard guard = registry.guard("nocache").isolation(Isolation.semaphore(10))
                .configure(c -> c.request(rq -> rq.cacheEnabled(false))).build();
        AtomicInteger runs = new AtomicInteger();
        try (RequestContext ctx = RequestContext.open()) {
            guard.cached("k").execute(runs::incrementAndGet);
            guard.cached("k").execute(runs::incrementAndGet);
        }
        assertThat(runs).hasValue(2);
    }

    @Test
    void requestLogEnabledFalseKeepsTheGuardOutOfTheLog() {
        Guard guard = registry.guard("quiet").isolation(Isolation.semaphore(10))
                .configure(c -> c.request(rq -> rq.logEnabled(false))).build();
        try (RequestContext ctx = RequestContext.open()) {
            guard.execute(() -> 1);
            assertThat(ctx.log().entries()).isEmpty();
        }
    }

    @Test
    void concurrentCallersWithOneKeyShareTheCallInFlightAcrossPlatformAndVirtualThreads() throws Exception {
        Guard guard = registry.guard("shared").isolation(Isolation.virtualThreads(10)).build();
        AtomicInteger runs = new AtomicInteger();
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch started = new CountDownLatch(1);
        int callers = 8;
        CountDownLatch done = new CountDownLatch(callers);
        AtomicInteger correct = new AtomicInteger();
        try (RequestContext ctx = RequestContext.open()) {
            for (int i = 0; i < callers; i++) {
                Runnable caller = ctx.wrap(() -> {
                    Integer value = guard.cached("k").execute(() -> {
                        started.countDown();
                        release.await(10, TimeUnit.SECONDS);
                        return runs.incrementAndGet();
                    });
                    if (value == 1) {
                        correct.incrementAndGet();
                    }
                    done.countDown();
                });
                if (i % 2 == 0) {
                    Thread.ofVirtual().start(caller);
                } else {
                    Thread.ofPlatform().start(caller);
                }
            }
            assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
            release.countDown();
            assertThat(done.await(10, TimeUnit.SECONDS)).isTrue();
            assertThat(runs).hasValue(1);
            assertThat(correct).hasValue(callers);
            assertThat(guard.controls().metrics().cumulativeCount(EventType.RESPONSE_FROM_CACHE)).isEqualTo(callers - 1);
        }
    }

    @Test
    void theLogGroupsEqualEntriesAndStopsAtItsBound() {
        try (RequestContext ctx = RequestContext.open()) {
            RequestLog log = ctx.log();
            log.add("a", EventType.SUCCESS.bit(), 5_000_000L);
            log.add("b", EventType.FAILURE.bit() | EventType.FALLBACK_SUCCESS.bit(), 1_000_000L);
            log.add("a", EventType.SUCCESS.bit(), 7_000_000L);
            assertThat(log.format()).isEqualTo("a[SUCCESS][7ms]x2, b[FAILURE, FALLBACK_SUCCESS][1ms]");
            for (int i = 0; i < RequestLog.MAX_ENTRIES; i++) {
                log.add("c", EventType.SUCCESS.bit(), 0L);
            }
            assertThat(log.entries()).hasSize(RequestLog.MAX_ENTRIES);
            assertThat(log.dropped()).isEqualTo(3);
        }
    }
}
