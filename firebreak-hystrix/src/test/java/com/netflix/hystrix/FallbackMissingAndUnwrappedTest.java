package com.netflix.hystrix;

import static com.netflix.hystrix.HystrixEventType.FAILURE;
import static com.netflix.hystrix.HystrixEventType.FALLBACK_MISSING;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.netflix.hystrix.exception.ExceptionNotWrappedByHystrix;
import com.netflix.hystrix.exception.HystrixRuntimeException;
import com.netflix.hystrix.strategy.concurrency.HystrixRequestContext;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * A getFallback() that throws UnsupportedOperationException has no fallback (FALLBACK_MISSING, as
 * 1.5.18's request log and metrics say); an ExceptionNotWrappedByHystrix reaches the caller as it is;
 * Hystrix.getCurrentThreadExecutingCommand() names the command whose code is running.
 */
class FallbackMissingAndUnwrappedTest extends BridgeFixture {

    static final class NotWrapped extends RuntimeException implements ExceptionNotWrappedByHystrix {
        NotWrapped(String message) {
            super(message);
        }
    }

    static final class CheckedNotWrapped extends Exception implements ExceptionNotWrappedByHystrix {
        CheckedNotWrapped(String message) {
            super(message);
        }
    }

    @Test
    void aFallbackThatThrowsUnsupportedOperationIsMissingNotFailed() {
        UnsupportedOperationException none = new UnsupportedOperationException("not here");

        try (HystrixRequestContext context = HystrixRequestContext.initializeContext()) {
            TestCommand command = new TestCommand(TestCommand.named("NoFallbackHere", semaphore()), () -> {
                throw new IllegalStateException("down");
            }) {
                @Override
                protected String getFallback() {
                    throw none;
                }
            };
            assertThatThrownBy(command::execute).isInstanceOfSatisfying(HystrixRuntimeException.class, e -> {
                assertThat(e.getMessage()).isEqualTo("NoFallbackHere failed and no fallback available.");
                assertThat(e.getFallbackException()).isSameAs(none);
            });

            assertThat(command.getExecutionEvents()).containsExactly(FAILURE, FALLBACK_MISSING);
            assertThat(HystrixRequestLog.getCurrentRequest().getExecutedCommandsAsString())
                    .isEqualTo("NoFallbackHere[FAILURE, FALLBACK_MISSING][0ms]");
        }
        HystrixCommandMetrics metrics = HystrixCommandMetrics.getInstance(key("NoFallbackHere"));
        assertThat(metrics.getCumulativeCount(HystrixEventType.FALLBACK_MISSING)).isEqualTo(1);
        assertThat(metrics.getCumulativeCount(HystrixEventType.FALLBACK_FAILURE)).isZero();
    }

    @Test
    void anUnwrappedExceptionReachesTheCallerAsItIsAndSkipsTheFallback() {
        NotWrapped thrown = new NotWrapped("as is");
        TestCommand command = new TestCommand.WithFallback(TestCommand.named("AsIs", HystrixCommandProperties.Setter()), () -> {
            throw thrown;
        });

        assertThatThrownBy(command::execute).isSameAs(thrown);

        assertThat(command.fallbacks).hasValue(0);
        assertThat(command.getExecutionEvents()).containsExactly(FAILURE);
        assertThat(command.getFailedExecutionException()).isSameAs(thrown);
    }

    @Test
    void aCheckedUnwrappedExceptionIsThrownAsItIsToo() {
        CheckedNotWrapped thrown = new CheckedNotWrapped("checked, as is");
        TestCommand command = new TestCommand(TestCommand.named("CheckedAsIs", semaphore()), () -> {
            throw thrown;
        });

        assertThatThrownBy(command::execute).isSameAs(thrown);
        assertThatThrownBy(() -> new TestCommand(TestCommand.named("CheckedAsIs", semaphore()), () -> {
            throw thrown;
        }).observe().toBlocking().single()).hasRootCause(thrown);
    }

    @Test
    void theCurrentCommandIsKnownInRunAndFallbackAndNowhereElse() {
        AtomicReference<HystrixCommandKey> inRun = new AtomicReference<>();
        AtomicReference<HystrixCommandKey> inFallback = new AtomicReference<>();
        TestCommand command = new TestCommand(TestCommand.named("WhoRuns", HystrixCommandProperties.Setter()), () -> {
            inRun.set(Hystrix.getCurrentThreadExecutingCommand());
            throw new IllegalStateException("down");
        }) {
            @Override
            protected String getFallback() {
                inFallback.set(Hystrix.getCurrentThreadExecutingCommand());
                return "fallback";
            }
        };

        command.execute();

        assertThat(inRun.get()).isEqualTo(key("WhoRuns"));
        assertThat(inFallback.get()).isEqualTo(key("WhoRuns"));
        assertThat(Hystrix.getCurrentThreadExecutingCommand()).isNull();
    }

    @Test
    void nestedCommandsStackAndUnwind() {
        AtomicReference<HystrixCommandKey> afterInner = new AtomicReference<>();
        TestCommand outer = new TestCommand(TestCommand.named("Outer", semaphore()), () -> {
            new TestCommand(TestCommand.named("Inner", semaphore()), () -> String.valueOf(Hystrix.getCurrentThreadExecutingCommand()))
                    .execute();
            afterInner.set(Hystrix.getCurrentThreadExecutingCommand());
            return "done";
        });

        outer.execute();

        assertThat(afterInner.get()).isEqualTo(key("Outer"));
        assertThat(Hystrix.getCurrentThreadExecutingCommand()).isNull();
    }
}
