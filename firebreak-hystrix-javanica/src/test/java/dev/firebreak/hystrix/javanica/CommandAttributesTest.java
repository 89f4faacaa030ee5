package dev.firebreak.hystrix.javanica;

import static dev.firebreak.hystrix.javanica.JavanicaContexts.command;
import static dev.firebreak.hystrix.javanica.JavanicaContexts.runner;
import static java.util.concurrent.TimeUnit.SECONDS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.netflix.hystrix.HystrixEventType;
import com.netflix.hystrix.HystrixInvokableInfo;
import com.netflix.hystrix.contrib.javanica.annotation.DefaultProperties;
import com.netflix.hystrix.contrib.javanica.annotation.HystrixCommand;
import com.netflix.hystrix.contrib.javanica.annotation.HystrixException;
import com.netflix.hystrix.contrib.javanica.annotation.HystrixProperty;
import com.netflix.hystrix.contrib.javanica.annotation.ObservableExecutionMode;
import com.netflix.hystrix.exception.HystrixRuntimeException;
import com.netflix.hystrix.exception.HystrixRuntimeException.FailureType;
import com.netflix.hystrix.exception.HystrixTimeoutException;
import com.netflix.hystrix.strategy.concurrency.HystrixRequestContext;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import rx.Observable;

/** Each attribute of {@code @HystrixCommand} and {@code @DefaultProperties}, on a real bean. */
class CommandAttributesTest {

    @Test
    void keysDefaultToMethodNameAndClassSimpleName() {
        runner().withBean(Keys.class).withBean(GroupDefaults.class).run(context -> {
            try (HystrixRequestContext ignored = HystrixRequestContext.initializeContext()) {
                context.getBean(Keys.class).defaults();
                HystrixInvokableInfo<?> executed = command("defaults");
                assertThat(executed.getCommandGroup().name()).isEqualTo("Keys");
                assertThat(executed.getThreadPoolKey().name()).isEqualTo("Keys");

                context.getBean(GroupDefaults.class).inherits();
                assertThat(command("inherits").getCommandGroup().name()).isEqualTo("classGroup");
                assertThat(command("inherits").getThreadPoolKey().name()).isEqualTo("classPool");
            }
        });
    }

    @Test
    void givenKeysAreUsed() {
        runner().withBean(Keys.class).run(context -> {
            try (HystrixRequestContext ignored = HystrixRequestContext.initializeContext()) {
                context.getBean(Keys.class).given();
                HystrixInvokableInfo<?> executed = command("givenCommand");
                assertThat(executed.getCommandGroup().name()).isEqualTo("givenGroup");
                assertThat(executed.getThreadPoolKey().name()).isEqualTo("givenPool");
            }
        });
    }

    @Test
    void timeoutPropertyTimesTheCommandOutIntoItsFallback() {
        runner().withBean(Properties.class).run(context -> {
            Properties bean = context.getBean(Properties.class);
            try {
                assertThat(bean.slow()).isEqualTo("timed out: " + HystrixTimeoutException.class.getSimpleName());
            } finally {
                bean.release();
            }
        });
    }

    @Test
    void forceOpenShortCircuits() {
        runner().withBean(Properties.class).run(context -> {
            assertThatThrownBy(() -> context.getBean(Properties.class).forcedOpen())
                    .isInstanceOfSatisfying(HystrixRuntimeException.class,
                            e -> assertThat(e.getFailureType()).isEqualTo(FailureType.SHORTCIRCUIT));
            assertThat(context.getBean(Properties.class).calls()).isZero();
        });
    }

    @Test
    void threadPoolPropertiesBoundThePool() throws Exception {
        runner().withBean(Properties.class).run(context -> {
            Properties bean = context.getBean(Properties.class);
            try {
                Future<String> first = bean.pooled();
                bean.awaitStarted();
                // as 1.5.18's queue(): a rejection without fallback is thrown by the call itself, not by get()
                assertThatThrownBy(bean::pooled).isInstanceOfSatisfying(HystrixRuntimeException.class,
                        e -> assertThat(e.getFailureType()).isEqualTo(FailureType.REJECTED_THREAD_EXECUTION));
                bean.release();
                assertThat(first.get(10, SECONDS)).isEqualTo("pooled");
            } finally {
                bean.release();
            }
        });
    }

    @Test
    void ignoredExceptionsAreRethrownAsTheyAreWithoutFallbackOrFailure() {
        runner().withBean(Errors.class).run(context -> {
            try (HystrixRequestContext ignored = HystrixRequestContext.initializeContext()) {
                assertThatThrownBy(() -> context.getBean(Errors.class).ignored()).isInstanceOf(NotFound.class);
                assertThat(command("ignored").getExecutionEvents()).contains(HystrixEventType.BAD_REQUEST)
                        .doesNotContain(HystrixEventType.FAILURE, HystrixEventType.FALLBACK_SUCCESS);
            }
        });
        runner().withBean(ClassIgnores.class).run(context ->
                assertThatThrownBy(() -> context.getBean(ClassIgnores.class).find()).isInstanceOf(NotFound.class));
    }

    @Test
    void byDefaultTheCallerGetsTheCommandsOwnException() {
        runner().withBean(Errors.class).run(context -> {
            Errors errors = context.getBean(Errors.class);
            assertThatThrownBy(errors::checked).isInstanceOf(NotFound.class);
            assertThatThrownBy(errors::unchecked).isInstanceOf(IllegalStateException.class).hasMessage("unchecked");
            assertThatThrownBy(errors::fallbackFails).isInstanceOf(IllegalStateException.class).hasMessage("fallback failed");
        });
    }

    @Test
    void raiseHystrixExceptionsGivesTheHystrixRuntimeException() {
        runner().withBean(Errors.class).run(context -> {
            assertThatThrownBy(() -> context.getBean(Errors.class).raised())
                    .isInstanceOfSatisfying(HystrixRuntimeException.class, e -> {
                        assertThat(e.getFailureType()).isEqualTo(FailureType.COMMAND_EXCEPTION);
                        assertThat(e.getCause()).isInstanceOf(IllegalStateException.class).hasMessage("raised");
                    });
            assertThatThrownBy(() -> context.getBean(Errors.class).raisedButIgnored()).isInstanceOf(NotFound.class);
        });
    }

    @Test
    void lazyObservableRunsOnSubscriptionEagerAtOnce() {
        runner().withBean(Errors.class).run(context -> {
            Errors errors = context.getBean(Errors.class);
            Observable<Integer> lazy = errors.lazy();
            Observable<Integer> eager = errors.eager();
            assertThat(eager.toBlocking().single()).isEqualTo(1);
            assertThat(errors.lazyRuns()).isZero();
            assertThat(lazy.toBlocking().single()).isEqualTo(1);
            assertThat(errors.lazyRuns()).isEqualTo(1);
        });
    }

    @Test
    void classPropertiesApplyAndTheMethodsWinByName() {
        runner().withBean(ClassProperties.class).run(context -> {
            ClassProperties bean = context.getBean(ClassProperties.class);
            assertThatThrownBy(bean::fromClass).isInstanceOfSatisfying(HystrixRuntimeException.class,
                    e -> assertThat(e.getFailureType()).isEqualTo(FailureType.SHORTCIRCUIT));
            assertThat(bean.overridden()).isEqualTo("ran");
        });
    }

    @Test
    void classRaiseHystrixExceptionsApplies() {
        runner().withBean(ClassProperties.class).run(context ->
                assertThatThrownBy(() -> context.getBean(ClassProperties.class).failing())
                        .isInstanceOf(HystrixRuntimeException.class).hasCauseInstanceOf(IllegalStateException.class));
    }

    /** Class-wide properties and error rules. */
    @DefaultProperties(commandProperties = @HystrixProperty(name = "circuitBreaker.forceOpen", value = "true"),
            raiseHystrixExceptions = HystrixException.RUNTIME_EXCEPTION)
    public static class ClassProperties {
        @HystrixCommand
        public String fromClass() {
            return "ran";
        }

        @HystrixCommand(commandProperties = @HystrixProperty(name = "circuitBreaker.forceOpen", value = "false"))
        public String overridden() {
            return "ran";
        }

        @HystrixCommand(commandProperties = @HystrixProperty(name = "circuitBreaker.forceOpen", value = "false"))
        public String failing() {
            throw new IllegalStateException("failing");
        }
    }

    /** Commands with default and given keys. */
    public static class Keys {
        @HystrixCommand
        public String defaults() {
            return "";
        }

        @HystrixCommand(commandKey = "givenCommand", groupKey = "givenGroup", threadPoolKey = "givenPool")
        public String given() {
            return "";
        }
    }

    /** Group and pool from the class. */
    @DefaultProperties(groupKey = "classGroup", threadPoolKey = "classPool")
    public static class GroupDefaults {
        @HystrixCommand
        public String inherits() {
            return "";
        }
    }

    /** Commands configured through their properties. */
    public static class Properties {
        private final CountDownLatch release = new CountDownLatch(1);
        private final CountDownLatch started = new CountDownLatch(1);
        private final AtomicInteger calls = new AtomicInteger();

        @HystrixCommand(fallbackMethod = "timedOut",
                commandProperties = @HystrixProperty(name = "execution.isolation.thread.timeoutInMilliseconds", value = "50"))
        public String slow() throws InterruptedException {
            release.await();
            return "slow";
        }

        String timedOut(Throwable cause) {
            return "timed out: " + cause.getClass().getSimpleName();
        }

        @HystrixCommand(commandProperties = @HystrixProperty(name = "circuitBreaker.forceOpen", value = "true"))
        public String forcedOpen() {
            calls.incrementAndGet();
            return "";
        }

        @HystrixCommand(threadPoolKey = "onePool",
                commandProperties = @HystrixProperty(name = "execution.timeout.enabled", value = "false"),
                threadPoolProperties = {@HystrixProperty(name = "coreSize", value = "1"),
                        @HystrixProperty(name = "maxQueueSize", value = "-1")})
        public Future<String> pooled() {
            return new com.netflix.hystrix.contrib.javanica.command.AsyncResult<>() {
                @Override
                public String invoke() {
                    started.countDown();
                    try {
                        release.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    return "pooled";
                }
            };
        }

        public void awaitStarted() throws InterruptedException {
            assertThat(started.await(10, SECONDS)).isTrue();
        }

        public void release() {
            release.countDown();
        }

        public int calls() {
            return calls.get();
        }
    }

    /** Error rules. */
    public static class Errors {
        private final AtomicInteger lazyRuns = new AtomicInteger();

        @HystrixCommand(ignoreExceptions = NotFound.class, fallbackMethod = "neverUsed")
        public String ignored() throws NotFound {
            throw new NotFound();
        }

        String neverUsed() {
            return "fallback";
        }

        @HystrixCommand
        public String checked() throws NotFound {
            throw new NotFound();
        }

        @HystrixCommand
        public String unchecked() {
            throw new IllegalStateException("unchecked");
        }

        @HystrixCommand(fallbackMethod = "failingFallback")
        public String fallbackFails() {
            throw new IllegalStateException("command failed");
        }

        String failingFallback() {
            throw new IllegalStateException("fallback failed");
        }

        @HystrixCommand(raiseHystrixExceptions = HystrixException.RUNTIME_EXCEPTION)
        public String raised() {
            throw new IllegalStateException("raised");
        }

        @HystrixCommand(raiseHystrixExceptions = HystrixException.RUNTIME_EXCEPTION, ignoreExceptions = NotFound.class)
        public String raisedButIgnored() throws NotFound {
            throw new NotFound();
        }

        @HystrixCommand(observableExecutionMode = ObservableExecutionMode.LAZY)
        public Observable<Integer> lazy() {
            lazyRuns.incrementAndGet();
            return Observable.just(1);
        }

        @HystrixCommand
        public Observable<Integer> eager() {
            return Observable.just(1);
        }

        public int lazyRuns() {
            return lazyRuns.get();
        }
    }

    /** Class-wide ignored exceptions. */
    @DefaultProperties(ignoreExceptions = NotFound.class)
    public static class ClassIgnores {
        @HystrixCommand
        public String find() throws NotFound {
            throw new NotFound();
        }
    }

    /** A checked exception of the application. */
    public static class NotFound extends Exception {
        private static final long serialVersionUID = 1L;
    }
}
