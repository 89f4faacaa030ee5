package com.netflix.hystrix;

import static org.assertj.core.api.Assertions.assertThat;

import com.netflix.hystrix.strategy.HystrixPlugins;
import com.netflix.hystrix.strategy.concurrency.HystrixConcurrencyStrategy;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A concurrency strategy written the way Spring Cloud Netflix services wrote theirs (a security or
 * tracing context in a ThreadLocal, captured in wrapCallable on the calling thread and installed around
 * the call) reaches the user's code wherever Firebreak runs it.
 */
class ContextPropagatingStrategyTest extends BridgeFixture {

    static final ThreadLocal<String> USER = new ThreadLocal<>();

    /** Captures USER when the work is wrapped; installs it around the call and puts back what the thread had. */
    static final class UserContextStrategy extends HystrixConcurrencyStrategy {
        @Override
        public <T> Callable<T> wrapCallable(Callable<T> callable) {
            return new UserCallable<>(callable, USER.get());
        }
    }

    static final class UserCallable<T> implements Callable<T> {
        private final Callable<T> delegate;
        private final String user;

        UserCallable(Callable<T> delegate, String user) {
            this.delegate = delegate;
            this.user = user;
        }

        @Override
        public T call() throws Exception {
            String before = USER.get();
            USER.set(user);
            try {
                return delegate.call();
            } finally {
                if (before == null) {
                    USER.remove();
                } else {
                    USER.set(before);
                }
            }
        }
    }

    /** A command that remembers which user its run and its fallback saw. */
    static final class WhoAmI extends HystrixCommand<String> {
        final AtomicReference<String> inRun = new AtomicReference<>("unset");
        final AtomicReference<String> inFallback = new AtomicReference<>("unset");
        private final Callable<String> work;

        WhoAmI(HystrixCommand.Setter setter, Callable<String> work) {
            super(setter);
            this.work = work;
        }

        @Override
        protected String run() throws Exception {
            inRun.set(USER.get());
            return work.call();
        }

        @Override
        protected String getFallback() {
            inFallback.set(USER.get());
            return "fallback for " + USER.get();
        }
    }

    @BeforeEach
    void registerStrategyAndLogIn() {
        HystrixPlugins.getInstance().registerConcurrencyStrategy(new UserContextStrategy());
        USER.set("alice");
    }

    @AfterEach
    void logOut() {
        USER.remove();
    }

    @Test
    void theRunOnAPoolThreadSeesTheCallersUserAndThePoolThreadIsLeftClean() {
        WhoAmI command = new WhoAmI(TestCommand.named("UserRun", HystrixCommandProperties.Setter()), () -> USER.get());

        assertThat(command.execute()).isEqualTo("alice");
        assertThat(command.isExecutedInThread()).isTrue();

        USER.remove();
        WhoAmI anonymous = new WhoAmI(TestCommand.named("UserRun", HystrixCommandProperties.Setter()), () -> "anonymous");
        anonymous.execute();
        assertThat(anonymous.inRun.get()).isNull();
    }

    @Test
    void theFallbackAfterAFailureOnThePoolThreadSeesTheUser() {
        WhoAmI command = new WhoAmI(TestCommand.named("UserFails", HystrixCommandProperties.Setter()), () -> {
            throw new IllegalStateException("down");
        });

        assertThat(command.execute()).isEqualTo("fallback for alice");
        assertThat(command.inRun.get()).isEqualTo("alice");
    }

    @Test
    void theFallbackAfterATimeoutSeesTheUserOnWhateverThreadRunsIt() throws Exception {
        CountDownLatch running = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        WhoAmI command = new WhoAmI(TestCommand.named("UserSlow",
                HystrixCommandProperties.Setter().withExecutionTimeoutInMilliseconds(200)), () -> {
            running.countDown();
            release.await(SAFETY_SECONDS, TimeUnit.SECONDS);
            return "late";
        });
        Future<String> future = command.queue();
        await(running);
        USER.set("mallory"); // the caller's thread moves on: the fallback must still see the user it started with

        advanceMillis(200);

        assertThat(future.get(SAFETY_SECONDS, TimeUnit.SECONDS)).isEqualTo("fallback for alice");
        assertThat(command.isResponseTimedOut()).isTrue();
        release.countDown();
    }

    @Test
    void theFallbackAfterAShortCircuitSeesTheUser() {
        WhoAmI command = new WhoAmI(TestCommand.named("UserOpen", HystrixCommandProperties.Setter().withCircuitBreakerForceOpen(true)),
                () -> "never");

        assertThat(command.execute()).isEqualTo("fallback for alice");
        assertThat(command.inRun.get()).isEqualTo("unset");
    }

    @Test
    void anObservableCommandsConstructSeesTheUser() {
        HystrixObservableCommand<String> command = new HystrixObservableCommand<>(HystrixObservableCommand.Setter.withGroupKey(group("Obs"))
                .andCommandKey(key("UserObservable"))) {
            @Override
            protected rx.Observable<String> construct() {
                return rx.Observable.just(USER.get());
            }
        };

        assertThat(command.observe().toBlocking().single()).isEqualTo("alice");
    }
}
