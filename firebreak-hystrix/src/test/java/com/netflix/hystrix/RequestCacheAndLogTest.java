package com.netflix.hystrix;

import static com.netflix.hystrix.HystrixEventType.FAILURE;
import static com.netflix.hystrix.HystrixEventType.FALLBACK_SUCCESS;
import static com.netflix.hystrix.HystrixEventType.RESPONSE_FROM_CACHE;
import static com.netflix.hystrix.HystrixEventType.SUCCESS;
import static org.assertj.core.api.Assertions.assertThat;

import com.netflix.hystrix.strategy.concurrency.HystrixConcurrencyStrategyDefault;
import com.netflix.hystrix.strategy.concurrency.HystrixRequestContext;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

@SuppressWarnings("try") // contexts opened for their effect on the thread
class RequestCacheAndLogTest extends BridgeFixture {

    private final AtomicInteger version = new AtomicInteger(1);

    private TestCommand getter(String id) {
        return new TestCommand(TestCommand.named("Getter", semaphore()), () -> "v" + version.get() + "-" + id, id);
    }

    @Test
    void aCacheKeyRunsOncePerContextAndTheOthersReportResponseFromCache() {
        try (HystrixRequestContext context = HystrixRequestContext.initializeContext()) {
            TestCommand first = getter("1");
            TestCommand second = getter("1");
            TestCommand other = getter("2");

            assertThat(first.execute()).isEqualTo("v1-1");
            assertThat(second.execute()).isEqualTo("v1-1");
            assertThat(other.execute()).isEqualTo("v1-2");

            assertThat(first.isResponseFromCache()).isFalse();
            assertThat(second.isResponseFromCache()).isTrue();
            assertThat(second.runs).hasValue(0);
            assertThat(second.getExecutionEvents()).containsExactly(SUCCESS, RESPONSE_FROM_CACHE);
            assertThat(other.isResponseFromCache()).isFalse();
        }
        try (HystrixRequestContext next = HystrixRequestContext.initializeContext()) {
            TestCommand fresh = getter("1");
            fresh.execute();
            assertThat(fresh.isResponseFromCache()).isFalse();
        }
    }

    @Test
    void aCommandWithACacheKeyOutsideARequestContextFailsBeforeItRunsAsInHystrix() {
        TestCommand cached = getter("1");
        // as 1.5.18: execute() wraps the IllegalStateException in a HystrixRuntimeException; observe() gives it as it is
        org.assertj.core.api.Assertions.assertThatThrownBy(cached::execute)
                .isExactlyInstanceOf(com.netflix.hystrix.exception.HystrixRuntimeException.class)
                .cause().isExactlyInstanceOf(IllegalStateException.class)
                .hasMessage("Request caching is not available. Maybe you need to initialize the HystrixRequestContext?");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> getter("1").observe().toBlocking().single())
                .isExactlyInstanceOf(IllegalStateException.class);
        assertThat(cached.runs).hasValue(0);
        TestCommand uncached = getter(null); // no cache key: runs without a context
        assertThat(uncached.execute()).isEqualTo("v1-null");
    }

    @Test
    void clearingAKeyMakesTheNextCommandRunAgain() {
        try (HystrixRequestContext context = HystrixRequestContext.initializeContext()) {
            assertThat(getter("1").execute()).isEqualTo("v1-1");
            version.set(2);
            TestCommand cached = getter("1");
            assertThat(cached.execute()).isEqualTo("v1-1");
            assertThat(cached.isResponseFromCache()).isTrue();

            HystrixRequestCache.getInstance(key("Getter"), HystrixConcurrencyStrategyDefault.getInstance()).clear("1");

            TestCommand afterClear = getter("1");
            assertThat(afterClear.execute()).isEqualTo("v2-1");
            assertThat(afterClear.isResponseFromCache()).isFalse();
            assertThat(afterClear.runs).hasValue(1);
        }
    }

    @Test
    void withoutAContextNothingIsLogged() {
        TestCommand first = getter(null); // with a cache key it would fail: see the test below
        TestCommand second = getter(null);
        first.execute();
        second.execute();

        assertThat(second.isResponseFromCache()).isFalse();
        assertThat(second.runs).hasValue(1);
        assertThat(HystrixRequestLog.getCurrentRequest()).isNull();
    }

    @Test
    void theLogListsCommandsInStartOrderInHystrixsFormat() {
        try (HystrixRequestContext context = HystrixRequestContext.initializeContext()) {
            new TestCommand(TestCommand.named("GetUser", semaphore()), () -> {
                advanceMillis(8);
                return "user";
            }, "u").execute();
            new TestCommand(TestCommand.named("GetUser", semaphore()), () -> "user", "u").execute();
            new TestCommand(TestCommand.named("GetUser", semaphore()), () -> "user", "u").execute();
            new TestCommand.WithFallback(TestCommand.named("Pay", semaphore()), () -> {
                advanceMillis(3);
                throw new RuntimeException("down");
            }).execute();
            for (int i = 0; i < 2; i++) {
                new TestCommand(TestCommand.named("Order", semaphore()), () -> {
                    advanceMillis(10);
                    return "order";
                }).execute();
            }

            HystrixRequestLog log = HystrixRequestLog.getCurrentRequest();
            assertThat(log.getExecutedCommandsAsString()).isEqualTo(
                    "GetUser[SUCCESS][8ms], GetUser[SUCCESS, RESPONSE_FROM_CACHE][0ms]x2, "
                            + "Pay[FAILURE, FALLBACK_SUCCESS][3ms], Order[SUCCESS][20ms]x2");
            assertThat(log.getAllExecutedCommands()).hasSize(6)
                    .extracting(c -> c.getCommandKey().name())
                    .containsExactly("GetUser", "GetUser", "GetUser", "Pay", "Order", "Order");
            assertThat(log.getAllExecutedCommands()).element(3)
                    .satisfies(c -> assertThat(c.getExecutionEvents()).containsExactly(FAILURE, FALLBACK_SUCCESS));
        }
    }

    @Test
    void aCommandCalledFromAFallbackIsLoggedAfterTheCommandThatStartedFirst() {
        try (HystrixRequestContext context = HystrixRequestContext.initializeContext()) {
            HystrixCommand<String> outer = new HystrixCommand<>(TestCommand.named("Outer", HystrixCommandProperties.Setter())) {
                @Override
                protected String run() {
                    throw new RuntimeException("outer down");
                }

                @Override
                protected String getFallback() {
                    return new TestCommand(TestCommand.named("Inner", HystrixCommandProperties.Setter()), () -> "inner").execute();
                }
            };

            assertThat(outer.execute()).isEqualTo("inner");

            assertThat(HystrixRequestLog.getCurrentRequest().getAllExecutedCommands())
                    .extracting(c -> c.getCommandKey().name()).containsExactly("Outer", "Inner");
        }
    }

    @Test
    void requestLogDisabledLeavesTheCommandOut() {
        try (HystrixRequestContext context = HystrixRequestContext.initializeContext()) {
            new TestCommand(TestCommand.named("Quiet", semaphore().withRequestLogEnabled(false)), () -> "x").execute();
            assertThat(HystrixRequestLog.getCurrentRequest().getAllExecutedCommands()).isEmpty();
            assertThat(HystrixRequestLog.getCurrentRequest().getExecutedCommandsAsString()).isEmpty();
        }
    }
}
