package com.netflix.hystrix;

import static com.netflix.hystrix.HystrixEventType.BAD_REQUEST;
import static com.netflix.hystrix.HystrixEventType.FAILURE;
import static com.netflix.hystrix.HystrixEventType.FALLBACK_FAILURE;
import static com.netflix.hystrix.HystrixEventType.FALLBACK_MISSING;
import static com.netflix.hystrix.HystrixEventType.FALLBACK_SUCCESS;
import static com.netflix.hystrix.HystrixEventType.SUCCESS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.netflix.hystrix.exception.HystrixBadRequestException;
import com.netflix.hystrix.exception.HystrixRuntimeException;
import com.netflix.hystrix.exception.HystrixRuntimeException.FailureType;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class HystrixCommandTest extends BridgeFixture {

    @Test
    void executeReturnsRunsValueFromAPoolThreadAndRecordsSuccess() {
        String[] runThread = new String[1];
        TestCommand command = new TestCommand(TestCommand.named("Hello", HystrixCommandProperties.Setter()), () -> {
            runThread[0] = Thread.currentThread().getName();
            return "hello";
        });

        assertThat(command.execute()).isEqualTo("hello");

        assertThat(command.getExecutionEvents()).containsExactly(SUCCESS);
        assertThat(command.isSuccessfulExecution()).isTrue();
        assertThat(command.isExecutionComplete()).isTrue();
        assertThat(command.isExecutedInThread()).isTrue();
        assertThat(runThread[0]).isNotEqualTo(Thread.currentThread().getName());
        assertThat(command.getCommandGroup().name()).isEqualTo("TestGroup");
        assertThat(command.getThreadPoolKey().name()).isEqualTo("TestGroup");
    }

    @Test
    void executionTimeIsRunsDurationOnTheRegistryClock() {
        TestCommand command = new TestCommand(TestCommand.named("Timed", semaphore()), () -> {
            advanceMillis(40);
            return "done";
        });

        command.execute();

        assertThat(command.getExecutionTimeInMilliseconds()).isEqualTo(40);
        assertThat(command.isExecutedInThread()).isFalse();
    }

    @Test
    void aFailureWithAFallbackReturnsTheFallbackAndKeepsTheCause() {
        IllegalStateException boom = new IllegalStateException("boom");
        TestCommand command = new TestCommand.WithFallback(TestCommand.named("Fails", HystrixCommandProperties.Setter()), () -> {
            throw boom;
        });

        assertThat(command.execute()).isEqualTo("fallback");

        assertThat(command.getExecutionEvents()).containsExactly(FAILURE, FALLBACK_SUCCESS);
        assertThat(command.isFailedExecution()).isTrue();
        assertThat(command.isResponseFromFallback()).isTrue();
        assertThat(command.getFailedExecutionException()).isSameAs(boom);
    }

    @Test
    void aFailureWithoutAFallbackThrowsCommandExceptionWithTheCause() {
        TestCommand command = new TestCommand(TestCommand.named("FailsFast", HystrixCommandProperties.Setter()), () -> {
            throw new RuntimeException("failure from run");
        });

        assertThatThrownBy(command::execute)
                .isInstanceOfSatisfying(HystrixRuntimeException.class, e -> {
                    assertThat(e.getFailureType()).isEqualTo(FailureType.COMMAND_EXCEPTION);
                    assertThat(e.getCause()).hasMessage("failure from run");
                    assertThat(e.getImplementingClass()).isEqualTo(TestCommand.class);
                    assertThat(e.getMessage()).isEqualTo("FailsFast failed and no fallback available.");
                });
        assertThat(command.getExecutionEvents()).containsExactly(FAILURE, FALLBACK_MISSING);
    }

    @Test
    void aFailingFallbackIsReportedWithBothExceptions() {
        HystrixCommand<String> command = new HystrixCommand<>(TestCommand.named("FallbackFails", semaphore())) {
            @Override
            protected String run() {
                throw new RuntimeException("run failed");
            }

            @Override
            protected String getFallback() {
                throw new IllegalStateException("fallback failed");
            }
        };

        assertThatThrownBy(command::execute)
                .isInstanceOfSatisfying(HystrixRuntimeException.class, e -> {
                    assertThat(e.getMessage()).isEqualTo("FallbackFails failed and fallback failed.");
                    assertThat(e.getCause()).hasMessage("run failed");
                    assertThat(e.getFallbackException()).hasMessage("fallback failed");
                });
        assertThat(command.getExecutionEvents()).containsExactly(FAILURE, FALLBACK_FAILURE);
    }

    @Test
    void aBadRequestReachesTheCallerAsIsWithoutFallback() {
        HystrixBadRequestException bad = new HystrixBadRequestException("id must be positive");
        TestCommand command = new TestCommand.WithFallback(TestCommand.named("BadRequest", HystrixCommandProperties.Setter()), () -> {
            throw bad;
        });

        assertThatThrownBy(command::execute).isSameAs(bad);
        assertThat(command.fallbacks).hasValue(0);
        assertThat(command.getExecutionEvents()).containsExactly(BAD_REQUEST);
        assertThat(HystrixCommandMetrics.getInstance(key("BadRequest")).getHealthCounts().getErrorCount()).isZero();
    }

    @Test
    void queueGivesAFutureWhoseFailureWrapsTheHystrixException() throws Exception {
        Future<String> ok = new TestCommand(TestCommand.named("Queued", HystrixCommandProperties.Setter()), () -> "later").queue();
        Future<String> failed = new TestCommand(TestCommand.named("Queued", HystrixCommandProperties.Setter()), () -> {
            throw new RuntimeException("no");
        }).queue();

        assertThat(ok.get(SAFETY_SECONDS, TimeUnit.SECONDS)).isEqualTo("later");
        assertThatThrownBy(() -> failed.get(SAFETY_SECONDS, TimeUnit.SECONDS))
                .isInstanceOf(ExecutionException.class)
                .hasCauseInstanceOf(HystrixRuntimeException.class);
    }

    @Test
    void anInstanceRunsOnlyOnce() {
        TestCommand command = new TestCommand(TestCommand.named("Once", semaphore()), () -> "first");
        command.execute();

        assertThatThrownBy(command::execute)
                .isInstanceOfSatisfying(HystrixRuntimeException.class, e -> {
                    assertThat(e.getFailureType()).isEqualTo(FailureType.BAD_REQUEST_EXCEPTION);
                    assertThat(e.getCause()).isInstanceOf(IllegalStateException.class)
                            .hasMessageContaining("only be executed once");
                });
        assertThat(command.runs).hasValue(1);
    }

    @Test
    void theCommandKeyDefaultsToTheClassNameAndItsGuardCarriesGroupAndPoolKeys() {
        CommandNamedByItsClass command = new CommandNamedByItsClass();
        command.execute();

        assertThat(command.getCommandKey().name()).isEqualTo("CommandNamedByItsClass");
        var guard = dev.firebreak.hystrix.HystrixBridge.registry().find("CommandNamedByItsClass").orElseThrow();
        assertThat(guard.controls().groupName()).isEqualTo("SomeGroup");
        assertThat(guard.controls().poolName()).isEqualTo("SomePool");
    }

    static final class CommandNamedByItsClass extends HystrixCommand<String> {
        CommandNamedByItsClass() {
            super(group("SomeGroup"), HystrixThreadPoolKey.Factory.asKey("SomePool"));
        }

        @Override
        protected String run() {
            return "ok";
        }
    }
}
