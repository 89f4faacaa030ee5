package dev.firebreak.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.collapse.Collapser;
import dev.firebreak.collapse.CollapserRegistry;
import dev.firebreak.collapse.DispatchStrategy;
import dev.firebreak.collapse.ResponseMapping;
import dev.firebreak.spring.boot.app.TestApplication;
import io.micrometer.context.ContextRegistry;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.MDC;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.ActiveProfiles;

/**
 * The application's registry carries the MDC and a value registered with context-propagation as a
 * {@code ThreadLocalAccessor} into THREAD and VIRTUAL calls, a collapsed batch and an async continuation.
 */
@SpringBootTest(classes = TestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.NONE)
@ActiveProfiles("it")
@DirtiesContext
class ContextPropagationTest {

    /** Stands for a tracing or security context: an application's own ThreadLocal. */
    static final ThreadLocal<String> TENANT = new ThreadLocal<>();

    @Autowired
    GuardRegistry registry;

    @BeforeAll
    static void registerTheTenant() {
        ContextRegistry.getInstance().registerThreadLocalAccessor("test.tenant", TENANT);
    }

    @BeforeEach
    void bind() {
        MDC.put("requestId", "r-42");
        TENANT.set("tenant-7");
    }

    @AfterEach
    void unbind() {
        MDC.clear();
        TENANT.remove();
    }

    private static String seen() {
        return MDC.get("requestId") + "/" + TENANT.get();
    }

    @Test
    void aThreadIsolatedCallSeesTheMdcAndTheTenant() throws Exception {
        Guard pooled = registry.guard("ctx-thread").build(); // THREAD by default
        assertThat(pooled.submit(ContextPropagationTest::seen).get(10, TimeUnit.SECONDS)).isEqualTo("r-42/tenant-7");
        unbind();
        assertThat(pooled.submit(ContextPropagationTest::seen).get(10, TimeUnit.SECONDS)).isEqualTo("null/null");
    }

    @Test
    void aVirtualThreadCallSeesTheMdcAndTheTenant() throws Exception {
        Guard virtual = registry.guard("ctx-virtual").isolation(Isolation.virtualThreads(10)).build();
        assertThat(virtual.submit(ContextPropagationTest::seen).get(10, TimeUnit.SECONDS)).isEqualTo("r-42/tenant-7");
    }

    @Test
    void aCollapsedBatchRunsWithItsFirstRequestsContext() throws Exception {
        Guard batchGuard = registry.guard("ctx-batch").isolation(Isolation.virtualThreads(10)).build();
        List<String> batches = new CopyOnWriteArrayList<>();
        Collapser<Integer, String> collapser = CollapserRegistry.of(registry).<Integer, String>collapser("ctx-collapser")
                .through(batchGuard)
                .batch(arguments -> {
                    batches.add(seen());
                    return arguments.stream().map(a -> "v" + a).toList();
                }, ResponseMapping.inOrder())
                .configure(c -> c.dispatchStrategy(DispatchStrategy.TIMER).timerDelayInMilliseconds(10))
                .build();
        CompletableFuture<String> one = collapser.submit(1).thenApply(v -> v + " " + seen());
        assertThat(one.get(10, TimeUnit.SECONDS)).isEqualTo("v1 r-42/tenant-7");
        assertThat(batches).containsExactly("r-42/tenant-7");
    }

    @Test
    void anAsyncContinuationSeesTheSubmittersContextOnTheThreadThatCompletesTheStage() throws Exception {
        Guard async = registry.guard("ctx-async").isolation(Isolation.virtualThreads(10)).build();
        var elsewhere = Executors.newSingleThreadExecutor();
        try {
            CompletableFuture<String> continued = async
                    .submitAsync(() -> CompletableFuture.supplyAsync(() -> "done", elsewhere))
                    .thenApply(value -> value + " " + seen());
            assertThat(continued.get(10, TimeUnit.SECONDS)).isEqualTo("done r-42/tenant-7");
        } finally {
            elsewhere.shutdownNow();
        }
    }

    @Test
    void theTimeoutsFallbackSeesTheSubmittersContext() throws Exception {
        Guard slow = registry.guard("ctx-timeout").isolation(Isolation.virtualThreads(10))
                .timeout(Duration.ofMillis(50)).build();
        CompletableFuture<String> answered = slow.submit(() -> {
            new java.util.concurrent.CountDownLatch(1).await(); // until interrupted by the timeout
            return "late";
        }, failure -> "fallback " + seen());
        assertThat(answered.get(10, TimeUnit.SECONDS)).isEqualTo("fallback r-42/tenant-7");
    }
}
