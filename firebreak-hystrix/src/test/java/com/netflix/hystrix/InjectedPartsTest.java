package com.netflix.hystrix;

import static com.netflix.hystrix.HystrixEventType.FALLBACK_MISSING;
import static com.netflix.hystrix.HystrixEventType.FALLBACK_SUCCESS;
import static com.netflix.hystrix.HystrixEventType.SEMAPHORE_REJECTED;
import static com.netflix.hystrix.HystrixEventType.SHORT_CIRCUITED;
import static com.netflix.hystrix.HystrixEventType.SUCCESS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.netflix.hystrix.AbstractCommand.TryableSemaphore;
import com.netflix.hystrix.AbstractCommand.TryableSemaphoreActual;
import com.netflix.hystrix.AbstractCommand.TryableSemaphoreNoOp;
import com.netflix.hystrix.exception.HystrixRuntimeException;
import com.netflix.hystrix.exception.HystrixRuntimeException.FailureType;
import com.netflix.hystrix.strategy.executionhook.HystrixCommandExecutionHook;
import com.netflix.hystrix.strategy.properties.HystrixProperty;
import dev.firebreak.breaker.BreakerMode;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Commands given a breaker, semaphores and a hook of their own through the package-private constructor. */
class InjectedPartsTest extends BridgeFixture {

    /** A breaker that refuses while {@code open}, and writes down what it is told. */
    static final class SwitchBreaker implements HystrixCircuitBreaker {
        volatile boolean open;
        final List<String> told = new CopyOnWriteArrayList<>();

        @Override
        public boolean allowRequest() {
            return !open;
        }

        @Override
        public boolean isOpen() {
            return open;
        }

        @Override
        public void markSuccess() {
            told.add("success");
        }

        @Override
        public void markNonSuccess() {
            told.add("nonSuccess");
        }
    }

    /** A command built with the injecting constructor; a null part means the key's own. */
    static class Given extends HystrixCommand<String> {
        private final Callable<String> work;
        private final boolean withFallback;

        Given(String key, HystrixCommandProperties.Setter properties, HystrixCircuitBreaker breaker,
                TryableSemaphore fallbackSemaphore, TryableSemaphore executionSemaphore, HystrixCommandExecutionHook hook,
                boolean withFallback, Callable<String> work) {
            super(group("Injected"), key(key), null, breaker, null, properties, null, null, fallbackSemaphore,
                    executionSemaphore, null, hook);
            this.work = work;
            this.withFallback = withFallback;
        }

        @Override
        protected String run() throws Exception {
            return work.call();
        }

        @Override
        protected String getFallback() {
            if (!withFallback) {
                return super.getFallback();
            }
            return isResponseShortCircuited() ? "short-circuited" : "fallback";
        }
    }

    private static Given withBreaker(String key, HystrixCircuitBreaker breaker, boolean withFallback) {
        return new Given(key, semaphore(), breaker, null, null, null, withFallback, () -> "value");
    }

    @Test
    void anInjectedBreakerThatRefusesShortCircuitsOnlyItsOwnInstance() {
        SwitchBreaker refusing = new SwitchBreaker();
        refusing.open = true;
        SwitchBreaker allowing = new SwitchBreaker();

        Given refused = withBreaker("SharedKey", refusing, true);
        Given allowed = withBreaker("SharedKey", allowing, true);

        assertThat(refused.execute()).isEqualTo("short-circuited");
        assertThat(refused.getExecutionEvents()).containsExactly(SHORT_CIRCUITED, FALLBACK_SUCCESS);
        assertThat(refused.isCircuitBreakerOpen()).isTrue();
        assertThat(allowed.execute()).isEqualTo("value");
        assertThat(allowed.getExecutionEvents()).containsExactly(SUCCESS);
        assertThat(allowed.isCircuitBreakerOpen()).isFalse();
        assertThat(allowing.told).containsExactly("success");
        assertThat(refusing.told).isEmpty(); // it took no execution, so it hears no outcome
    }

    @Test
    void anInjectedBreakerHearsAFailure() {
        SwitchBreaker breaker = new SwitchBreaker();
        Given failing = new Given("FailingKey", semaphore(), breaker, null, null, null, true, () -> {
            throw new IllegalStateException("down");
        });

        assertThat(failing.execute()).isEqualTo("fallback");
        assertThat(breaker.told).containsExactly("nonSuccess");
    }

    @Test
    void aShortCircuitWithoutFallbackIsThrownFromQueueItself() {
        SwitchBreaker refusing = new SwitchBreaker();
        refusing.open = true;
        Given refused = withBreaker("QueueKey", refusing, false);

        assertThatThrownBy(refused::queue).isInstanceOfSatisfying(HystrixRuntimeException.class, e -> {
            assertThat(e.getFailureType()).isEqualTo(FailureType.SHORTCIRCUIT);
            assertThat(e.getFallbackException()).isInstanceOf(UnsupportedOperationException.class);
        });
        assertThat(refused.getExecutionEvents()).containsExactly(SHORT_CIRCUITED, FALLBACK_MISSING);
    }

    @Test
    void aFailedRunIsThrownFromGetNotFromQueue() {
        Given failing = new Given("RunFailsKey", semaphore(), null, null, null, null, false, () -> {
            throw new IllegalStateException("down");
        });

        Future<String> future = failing.queue();

        assertThatThrownBy(future::get).hasCauseInstanceOf(HystrixRuntimeException.class);
    }

    @Test
    void anInjectedExecutionSemaphoreBoundsConcurrencyAndIsReleasedOnce() throws Exception {
        TryableSemaphoreActual one = new TryableSemaphoreActual(HystrixProperty.Factory.asProperty(1));
        CountDownLatch running = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Given holder = new Given("BoundedKey", semaphore(), null, null, one, null, true, () -> {
            running.countDown();
            release.await(SAFETY_SECONDS, TimeUnit.SECONDS);
            return "value";
        });
        Thread first = new Thread(holder::execute);
        first.start();
        await(running);

        assertThat(one.getNumberOfPermitsUsed()).isEqualTo(1);
        Given second = new Given("BoundedKey", semaphore(), null, null, one, null, true, () -> "value");
        assertThat(second.execute()).isEqualTo("fallback");
        assertThat(second.getExecutionEvents()).containsExactly(SEMAPHORE_REJECTED, FALLBACK_SUCCESS);
        assertThat(second.getExecutionSemaphore()).isSameAs(one);

        release.countDown();
        first.join(TimeUnit.SECONDS.toMillis(SAFETY_SECONDS));
        assertThat(holder.getExecutionEvents()).containsExactly(SUCCESS);
        assertThat(one.getNumberOfPermitsUsed()).isZero();
    }

    @Test
    void anInjectedHookIsCalledInsteadOfTheRegisteredOnes() {
        RecordingHook hook = new RecordingHook();
        Given command = new Given("HookKey", semaphore(), null, null, null, hook, true, () -> "value");

        command.execute();

        assertThat(hook.sequence()).startsWith("onStart").contains("onExecutionStart", "onExecutionSuccess").endsWith("onSuccess");
    }

    @Test
    void aKeyMadeByTheInjectingConstructorKeepsItsOwnBreakerToMetricsOnly() {
        withBreaker("InjectingKey", null, true).execute();
        new TestCommand(TestCommand.named("PlainKey", semaphore()), () -> "value").execute();

        HystrixCommandKey injecting = key("InjectingKey");
        HystrixCommandKey plain = key("PlainKey");
        assertThat(dev.firebreak.hystrix.HystrixBridge.registry().find(injecting.name()).orElseThrow()
                .controls().circuitBreaker().mode()).isEqualTo(BreakerMode.METRICS_ONLY);
        assertThat(dev.firebreak.hystrix.HystrixBridge.registry().find(plain.name()).orElseThrow()
                .controls().circuitBreaker().mode()).isEqualTo(BreakerMode.AUTOMATIC);
    }

    @Test
    void theSemaphoresOfACommandThatBroughtNone() {
        Given onThreads = new Given("ThreadKey", HystrixCommandProperties.Setter(), null, null, null, null, true, () -> "value");
        Given onSemaphore = new Given("SemaphoreKey", semaphore(), null, null, null, null, true, () -> "value");

        assertThat(onThreads.getExecutionSemaphore()).isSameAs(TryableSemaphoreNoOp.DEFAULT);
        assertThat(onSemaphore.getExecutionSemaphore().getNumberOfPermitsUsed()).isZero();
        assertThat(onSemaphore.getFallbackSemaphore().getNumberOfPermitsUsed()).isZero();
        assertThatThrownBy(() -> onSemaphore.getExecutionSemaphore().tryAcquire()).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void tryableSemaphoresCountTheirPermits() {
        int[] limit = {2};
        TryableSemaphoreActual two = new TryableSemaphoreActual(() -> limit[0]);

        assertThat(two.tryAcquire()).isTrue();
        assertThat(two.tryAcquire()).isTrue();
        assertThat(two.tryAcquire()).isFalse();
        assertThat(two.getNumberOfPermitsUsed()).isEqualTo(2);
        limit[0] = 3; // the number of permits is read at each try
        assertThat(two.tryAcquire()).isTrue();
        two.release();
        assertThat(two.getNumberOfPermitsUsed()).isEqualTo(2);

        TryableSemaphore none = TryableSemaphoreNoOp.DEFAULT;
        assertThat(none.tryAcquire()).isTrue();
        none.release();
        assertThat(none.getNumberOfPermitsUsed()).isZero();
    }

    @Test
    void theExecutionResultAndEventCountsOfAFinishedCommand() {
        Given command = new Given("ResultKey", semaphore(), null, null, null, null, true, () -> "value");
        assertThat(command.getEventCounts().contains(SUCCESS)).isFalse();

        command.execute();

        assertThat(command.getEventCounts().contains(SUCCESS)).isTrue();
        assertThat(command.executionResult.executionOccurred()).isTrue();
        assertThat(command.executionResult.getExecutionLatency()).isGreaterThanOrEqualTo(0);
        assertThat(command.getCircuitBreaker()).isSameAs(command.circuitBreaker);
    }

    @Test
    void anInjectedFallbackSemaphoreBoundsTheFallbackAndIsReleasedOnce() {
        TryableSemaphoreActual none = new TryableSemaphoreActual(HystrixProperty.Factory.asProperty(0));
        TryableSemaphoreActual one = new TryableSemaphoreActual(HystrixProperty.Factory.asProperty(1));
        Callable<String> failing = () -> {
            throw new IllegalStateException("down");
        };
        Given refused = new Given("FallbackBoundKey", semaphore(), null, none, null, null, true, failing);
        Given allowed = new Given("FallbackBoundKey", semaphore(), null, one, null, null, true, failing);

        assertThatThrownBy(refused::execute).isInstanceOfSatisfying(HystrixRuntimeException.class,
                e -> assertThat(e.getFailureType()).isEqualTo(FailureType.REJECTED_SEMAPHORE_FALLBACK));
        assertThat(refused.getExecutionEvents()).containsExactly(HystrixEventType.FAILURE, HystrixEventType.FALLBACK_REJECTION);
        assertThat(allowed.execute()).isEqualTo("fallback");
        assertThat(one.getNumberOfPermitsUsed()).isZero();
        assertThat(allowed.getFallbackSemaphore()).isSameAs(one);
    }
}
