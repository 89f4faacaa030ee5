package com.netflix.hystrix;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.netflix.hystrix.exception.HystrixBadRequestException;
import com.netflix.hystrix.exception.HystrixRuntimeException;
import com.netflix.hystrix.exception.HystrixRuntimeException.FailureType;
import com.netflix.hystrix.strategy.HystrixPlugins;
import com.netflix.hystrix.strategy.concurrency.HystrixRequestContext;
import com.netflix.hystrix.strategy.executionhook.HystrixCommandExecutionHook;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A registered execution hook is called in hystrix-core 1.5.18's order for every outcome. */
class ExecutionHookOrderTest extends BridgeFixture {

    private final RecordingHook hook = new RecordingHook();

    @BeforeEach
    void registerHook() {
        HystrixPlugins.getInstance().registerCommandExecutionHook(hook);
    }

    @Test
    void successOnAPoolThread() {
        assertThat(new TestCommand(TestCommand.named("HookOk", HystrixCommandProperties.Setter()), () -> "v").execute()).isEqualTo("v");

        assertThat(hook.sequence()).containsExactly("onStart", "onThreadStart", "!onRunStart", "onExecutionStart",
                "onExecutionEmit", "!onRunSuccess", "!onComplete", "onEmit", "onExecutionSuccess", "onThreadComplete", "onSuccess");
    }

    @Test
    void successUnderASemaphoreHasNoThreadHooks() {
        new TestCommand(TestCommand.named("HookSemaphore", semaphore()), () -> "v").execute();

        assertThat(hook.sequence()).containsExactly("onStart", "!onRunStart", "onExecutionStart",
                "onExecutionEmit", "!onRunSuccess", "!onComplete", "onEmit", "onExecutionSuccess", "onSuccess");
    }

    @Test
    void failureThenFallback() {
        TestCommand command = new TestCommand.WithFallback(TestCommand.named("HookFails", HystrixCommandProperties.Setter()), () -> {
            throw new IllegalStateException("down");
        });

        assertThat(command.execute()).isEqualTo("fallback");

        assertThat(hook.sequence()).containsExactly("onStart", "onThreadStart", "!onRunStart", "onExecutionStart",
                "onExecutionError", "!onRunError", "onThreadComplete",
                "onFallbackStart", "onFallbackEmit", "!onFallbackSuccess", "!onComplete", "onEmit", "onFallbackSuccess", "onSuccess");
    }

    @Test
    void failureWithoutFallbackEndsInOnErrorWithItsFailureType() {
        TestCommand command = new TestCommand(TestCommand.named("HookFailsAlone", semaphore()), () -> {
            throw new IllegalStateException("down");
        });

        assertThatThrownBy(command::execute).isInstanceOf(HystrixRuntimeException.class);

        assertThat(hook.sequence()).containsExactly("onStart", "!onRunStart", "onExecutionStart",
                "onExecutionError", "!onRunError", "onError:COMMAND_EXCEPTION");
    }

    @Test
    void aFallbackThatThrowsGetsOnFallbackErrorThenOnError() {
        TestCommand command = new TestCommand(TestCommand.named("HookBothFail", semaphore()), () -> {
            throw new IllegalStateException("down");
        }) {
            @Override
            protected String getFallback() {
                throw new IllegalArgumentException("fallback down too");
            }
        };

        assertThatThrownBy(command::execute).isInstanceOf(HystrixRuntimeException.class);

        assertThat(hook.sequence()).containsExactly("onStart", "!onRunStart", "onExecutionStart",
                "onExecutionError", "!onRunError", "onFallbackStart", "onFallbackError", "onError:COMMAND_EXCEPTION");
    }

    @Test
    void timeoutCompletesTheThreadWhenItFiresAndTheLateRunCallsNothing() throws Exception {
        CountDownLatch running = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch runReturned = new CountDownLatch(1);
        TestCommand command = new TestCommand.WithFallback(TestCommand.named("HookSlow",
                HystrixCommandProperties.Setter().withExecutionTimeoutInMilliseconds(100)
                        .withExecutionIsolationThreadInterruptOnTimeout(false)), () -> {
            running.countDown();
            try {
                release.await(SAFETY_SECONDS, TimeUnit.SECONDS);
                return "late";
            } finally {
                runReturned.countDown();
            }
        });
        Future<String> future = command.queue();
        await(running);

        advanceMillis(100);

        assertThat(future.get(SAFETY_SECONDS, TimeUnit.SECONDS)).isEqualTo("fallback");
        List<String> atTimeout = List.of("onStart", "onThreadStart", "!onRunStart", "onExecutionStart", "onThreadComplete",
                "onFallbackStart", "onFallbackEmit", "!onFallbackSuccess", "!onComplete", "onEmit", "onFallbackSuccess", "onSuccess");
        assertThat(hook.sequence()).isEqualTo(atTimeout);

        release.countDown();
        await(runReturned);
        awaitIdlePool("TestGroup");
        assertThat(hook.sequence()).isEqualTo(atTimeout);
    }

    @Test
    void timeoutWithoutFallback() throws Exception {
        CountDownLatch running = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        TestCommand command = new TestCommand(TestCommand.named("HookSlowAlone",
                HystrixCommandProperties.Setter().withExecutionTimeoutInMilliseconds(100)), () -> {
            running.countDown();
            release.await(SAFETY_SECONDS, TimeUnit.SECONDS);
            return "late";
        });
        Future<String> future = command.queue();
        await(running);

        advanceMillis(100);

        assertThatThrownBy(() -> future.get(SAFETY_SECONDS, TimeUnit.SECONDS)).hasCauseInstanceOf(HystrixRuntimeException.class);
        assertThat(hook.sequence()).containsExactly("onStart", "onThreadStart", "!onRunStart", "onExecutionStart",
                "onThreadComplete", "onError:TIMEOUT");
        release.countDown();
    }

    @Test
    void shortCircuitGoesStraightToTheFallback() {
        TestCommand command = new TestCommand.WithFallback(TestCommand.named("HookOpen", semaphore().withCircuitBreakerForceOpen(true)),
                () -> "never");

        assertThat(command.execute()).isEqualTo("fallback");

        assertThat(hook.sequence()).containsExactly("onStart",
                "onFallbackStart", "onFallbackEmit", "!onFallbackSuccess", "!onComplete", "onEmit", "onFallbackSuccess", "onSuccess");
    }

    @Test
    void shortCircuitWithoutFallback() {
        TestCommand command = new TestCommand(TestCommand.named("HookOpenAlone", semaphore().withCircuitBreakerForceOpen(true)), () -> "never");

        assertThatThrownBy(command::execute).isInstanceOf(HystrixRuntimeException.class);

        assertThat(hook.sequence()).containsExactly("onStart", "onError:SHORTCIRCUIT");
    }

    @Test
    void threadPoolRejectionGoesStraightToTheFallback() throws Exception {
        HystrixCommand.Setter onePool = TestCommand.named("HookPool", HystrixCommandProperties.Setter())
                .andThreadPoolKey(HystrixThreadPoolKey.Factory.asKey("HookPool"))
                .andThreadPoolPropertiesDefaults(HystrixThreadPoolProperties.Setter().withCoreSize(1).withMaxQueueSize(-1));
        CountDownLatch running = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Future<String> busy = new TestCommand(onePool, () -> {
            running.countDown();
            release.await(SAFETY_SECONDS, TimeUnit.SECONDS);
            return "busy";
        }).queue();
        await(running);
        hook.calls.clear();

        assertThat(new TestCommand.WithFallback(onePool, () -> "never").execute()).isEqualTo("fallback");

        assertThat(hook.sequence()).containsExactly("onStart",
                "onFallbackStart", "onFallbackEmit", "!onFallbackSuccess", "!onComplete", "onEmit", "onFallbackSuccess", "onSuccess");
        hook.calls.clear();
        assertThatThrownBy(new TestCommand(onePool, () -> "never")::execute).isInstanceOf(HystrixRuntimeException.class);
        assertThat(hook.sequence()).containsExactly("onStart", "onError:REJECTED_THREAD_EXECUTION");
        release.countDown();
        busy.get(SAFETY_SECONDS, TimeUnit.SECONDS);
    }

    @Test
    void semaphoreRejectionWithoutFallback() throws Exception {
        HystrixCommandProperties.Setter oneAtATime = semaphore().withExecutionIsolationSemaphoreMaxConcurrentRequests(1);
        CountDownLatch running = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Thread holding = Thread.ofPlatform().start(new TestCommand(TestCommand.named("HookSemaphoreFull", oneAtATime), () -> {
            running.countDown();
            release.await(SAFETY_SECONDS, TimeUnit.SECONDS);
            return "held";
        })::execute);
        await(running);
        hook.calls.clear();

        assertThatThrownBy(new TestCommand(TestCommand.named("HookSemaphoreFull", oneAtATime), () -> "never")::execute)
                .isInstanceOf(HystrixRuntimeException.class);

        assertThat(hook.sequence()).containsExactly("onStart", "onError:REJECTED_SEMAPHORE_EXECUTION");
        release.countDown();
        holding.join(SAFETY_SECONDS * 1000);
    }

    @Test
    void aBadRequestIsAnExecutionErrorAndOnErrorWithoutFallback() {
        TestCommand command = new TestCommand.WithFallback(TestCommand.named("HookBadRequest", semaphore()), () -> {
            throw new HystrixBadRequestException("bad input");
        });

        assertThatThrownBy(command::execute).isInstanceOf(HystrixBadRequestException.class);

        assertThat(hook.sequence()).containsExactly("onStart", "!onRunStart", "onExecutionStart",
                "onExecutionError", "!onRunError", "onError:BAD_REQUEST_EXCEPTION");
        assertThat(command.fallbacks).hasValue(0);
    }

    @Test
    void aCacheHitCallsOnlyOnCacheHit() {
        try (HystrixRequestContext context = HystrixRequestContext.initializeContext()) {
            new TestCommand(TestCommand.named("HookCached", semaphore()), () -> "v", "k").execute();
            hook.calls.clear();

            TestCommand second = new TestCommand(TestCommand.named("HookCached", semaphore()), () -> "other", "k");
            assertThat(second.execute()).isEqualTo("v");

            assertThat(hook.sequence()).containsExactly("onCacheHit");
            assertThat(second.runs).hasValue(0);
        }
    }

    @Test
    void theDeprecatedHystrixCommandOverloadsComeFirstAsIn1518() {
        new TestCommand(TestCommand.named("HookOverloads", HystrixCommandProperties.Setter()), () -> "v").execute();

        assertThat(hook.calls).containsSubsequence("cmd:onStart", "onStart");
        assertThat(hook.calls).containsSubsequence("cmd:onThreadStart", "onThreadStart", "cmd:onRunStart", "!onRunStart");
        assertThat(hook.calls).containsSubsequence("onExecutionEmit", "cmd:onRunSuccess", "!onRunSuccess", "cmd:onComplete", "!onComplete",
                "onEmit");
        assertThat(hook.calls).containsSubsequence("cmd:onThreadComplete", "onThreadComplete");
    }

    @Test
    void hooksReplaceValuesAndDecorateTheCallersCause() {
        HystrixPlugins.reset();
        IllegalStateException decorated = new IllegalStateException("decorated by the hook");
        HystrixPlugins.getInstance().registerCommandExecutionHook(new HystrixCommandExecutionHook() {
            @Override
            @SuppressWarnings("unchecked")
            public <T> T onEmit(HystrixInvokable<T> commandInstance, T value) {
                return (T) (value + "!");
            }

            @Override
            public <T> Exception onError(HystrixInvokable<T> commandInstance, FailureType failureType, Exception e) {
                return decorated;
            }
        });

        assertThat(new TestCommand(TestCommand.named("HookReplaces", semaphore()), () -> "v").execute()).isEqualTo("v!");
        assertThatThrownBy(new TestCommand(TestCommand.named("HookReplaces", semaphore()), () -> {
            throw new IllegalArgumentException("down");
        })::execute).isInstanceOfSatisfying(HystrixRuntimeException.class, e -> assertThat(e.getCause()).isSameAs(decorated));
    }

    @Test
    void aThrowingOnStartFailsTheCommandWithoutRunningIt() {
        HystrixPlugins.reset();
        HystrixPlugins.getInstance().registerCommandExecutionHook(new HystrixCommandExecutionHook() {
            @Override
            public <T> void onStart(HystrixInvokable<T> commandInstance) {
                throw new IllegalStateException("not today");
            }
        });
        TestCommand command = new TestCommand.WithFallback(TestCommand.named("HookRefuses", semaphore()), () -> "v");

        assertThatThrownBy(command::execute).isInstanceOfSatisfying(HystrixRuntimeException.class,
                e -> assertThat(e.getCause()).hasMessage("not today"));
        assertThat(command.runs).hasValue(0);
        assertThat(command.fallbacks).hasValue(0);
    }

    @Test
    void aThrowingEmitHookIsIgnoredAndTheValueGoesThrough() {
        HystrixPlugins.reset();
        HystrixPlugins.getInstance().registerCommandExecutionHook(new HystrixCommandExecutionHook() {
            @Override
            public <T> T onExecutionEmit(HystrixInvokable<T> commandInstance, T value) {
                throw new IllegalStateException("hook bug");
            }
        });

        assertThat(new TestCommand(TestCommand.named("HookBuggy", semaphore()), () -> "v").execute()).isEqualTo("v");
    }

    /** Waits (bounded by the safety net) until the pool has no running task: the late run has fully returned. */
    private static void awaitIdlePool(String pool) {
        HystrixThreadPoolMetrics metrics = HystrixThreadPoolMetrics.getInstance(HystrixThreadPoolKey.Factory.asKey(pool));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(SAFETY_SECONDS);
        while (metrics.getCurrentActiveCount().intValue() > 0) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("pool " + pool + " still busy after the safety net of " + SAFETY_SECONDS + " s");
            }
            Thread.onSpinWait(); // polling a condition, not waiting for time to pass
        }
    }
}
