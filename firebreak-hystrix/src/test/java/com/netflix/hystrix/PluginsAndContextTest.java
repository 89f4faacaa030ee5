package com.netflix.hystrix;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.netflix.hystrix.strategy.HystrixPlugins;
import com.netflix.hystrix.strategy.concurrency.HystrixConcurrencyStrategy;
import com.netflix.hystrix.strategy.concurrency.HystrixContextCallable;
import com.netflix.hystrix.strategy.concurrency.HystrixContextRunnable;
import com.netflix.hystrix.strategy.concurrency.HystrixContextScheduler;
import com.netflix.hystrix.strategy.concurrency.HystrixRequestContext;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import rx.Observable;
import rx.schedulers.Schedulers;

@SuppressWarnings("try") // contexts opened for their effect on the thread
class PluginsAndContextTest extends BridgeFixture {

    private static final ThreadLocal<String> USER = new ThreadLocal<>();

    /** Copies the caller's USER onto whatever thread runs the command. */
    static final class CopyUser extends HystrixConcurrencyStrategy {
        @Override
        public <T> Callable<T> wrapCallable(Callable<T> callable) {
            String user = USER.get();
            return () -> {
                USER.set(user);
                try {
                    return callable.call();
                } finally {
                    USER.remove();
                }
            };
        }
    }

    @Test
    void aRegisteredConcurrencyStrategyWrapsEveryCommandsWork() {
        HystrixPlugins.getInstance().registerConcurrencyStrategy(new CopyUser());
        USER.set("alice");
        try {
            String seen = new TestCommand(TestCommand.named("WhoAmI", HystrixCommandProperties.Setter()), USER::get).execute();
            assertThat(seen).isEqualTo("alice");
        } finally {
            USER.remove();
        }
        assertThatThrownBy(() -> HystrixPlugins.getInstance().registerConcurrencyStrategy(new CopyUser()))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining(CopyUser.class.getName());
    }

    @Test
    void aContextIsCurrentUntilShutdown() {
        assertThat(HystrixRequestContext.isCurrentThreadInitialized()).isFalse();
        HystrixRequestContext context = HystrixRequestContext.initializeContext();
        assertThat(HystrixRequestContext.getContextForCurrentThread()).isSameAs(context);
        assertThat(HystrixRequestLog.getCurrentRequest()).isSameAs(HystrixRequestLog.getCurrentRequest());

        context.shutdown();

        assertThat(HystrixRequestContext.isCurrentThreadInitialized()).isFalse();
        assertThat(HystrixRequestContext.getContextForCurrentThread()).isNull();
    }

    @Test
    void contextRunnablesCallablesAndSchedulersCarryTheContextToOtherThreads() throws Exception {
        try (HystrixRequestContext context = HystrixRequestContext.initializeContext()) {
            HystrixRequestLog log = HystrixRequestLog.getCurrentRequest();
            CompletableFuture<HystrixRequestLog> viaRunnable = new CompletableFuture<>();
            Thread.ofPlatform().start(new HystrixContextRunnable(() -> viaRunnable.complete(HystrixRequestLog.getCurrentRequest())));
            HystrixContextCallable<HystrixRequestLog> callable = new HystrixContextCallable<>(HystrixRequestLog::getCurrentRequest);
            CompletableFuture<HystrixRequestLog> viaCallable = CompletableFuture.supplyAsync(() -> {
                try {
                    return callable.call();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            HystrixRequestLog viaScheduler = Observable.fromCallable(HystrixRequestLog::getCurrentRequest)
                    .subscribeOn(new HystrixContextScheduler(Schedulers.computation()))
                    .toBlocking().single();
            HystrixRequestLog withoutContext = Observable.fromCallable(() -> HystrixRequestContext.isCurrentThreadInitialized() ? log : null)
                    .subscribeOn(Schedulers.computation()).toBlocking().firstOrDefault(null);

            assertThat(viaRunnable.get(SAFETY_SECONDS, TimeUnit.SECONDS)).isSameAs(log);
            assertThat(viaCallable.get(SAFETY_SECONDS, TimeUnit.SECONDS)).isSameAs(log);
            assertThat(viaScheduler).isSameAs(log);
            assertThat(withoutContext).isNull();
        }
    }

    @Test
    void aCommandOnAPoolThreadSeesTheCallersContext() {
        try (HystrixRequestContext context = HystrixRequestContext.initializeContext()) {
            HystrixRequestContext[] seen = new HystrixRequestContext[1];
            new TestCommand(TestCommand.named("ContextAware", HystrixCommandProperties.Setter()), () -> {
                seen[0] = HystrixRequestContext.getContextForCurrentThread();
                return "x";
            }).execute();
            assertThat(seen[0]).isSameAs(context);
        }
    }

    @Test
    void keysAreInternedByName() {
        assertThat(HystrixCommandKey.Factory.asKey("K")).isSameAs(HystrixCommandKey.Factory.asKey("K"));
        assertThat(HystrixCommandKey.Factory.asKey("K").name()).isEqualTo("K");
        assertThat(HystrixCommandGroupKey.Factory.asKey("K").toString()).isEqualTo("K");
        assertThat((Object) HystrixThreadPoolKey.Factory.asKey("K")).isNotEqualTo(HystrixCommandKey.Factory.asKey("K"));
        assertThat(HystrixCollapserKey.Factory.asKey("C")).isSameAs(HystrixCollapserKey.Factory.asKey("C"));
        assertThatThrownBy(() -> HystrixCommandKey.Factory.asKey(null)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void everyFirebreakExecutionEventHasAHystrixName() {
        for (dev.firebreak.event.EventType type : dev.firebreak.event.EventType.values()) {
            if (type.kind() == dev.firebreak.event.EventType.Kind.POLICY) {
                continue; // a retry's or a hedge's decision, not a command's execution event
            }
            HystrixEventType mapped = HystrixEventType.from(type);
            if (type == dev.firebreak.event.EventType.SLOW_CALL || type == dev.firebreak.event.EventType.INJECTED) {
                assertThat(mapped).isNull();
            } else if (type == dev.firebreak.event.EventType.LIMIT_REJECTED
                    || type == dev.firebreak.event.EventType.RATE_LIMITED) { // Hystrix has no limit or rate events
                assertThat(mapped).isEqualTo(HystrixEventType.SEMAPHORE_REJECTED);
            } else {
                assertThat(mapped.name()).isEqualTo(type.name());
            }
        }
    }
}
