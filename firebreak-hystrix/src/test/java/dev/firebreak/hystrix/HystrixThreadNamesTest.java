package dev.firebreak.hystrix;

import static org.assertj.core.api.Assertions.assertThat;

import com.netflix.config.ConfigurationManager;
import com.netflix.hystrix.HystrixCommand;
import com.netflix.hystrix.HystrixCommandGroupKey;
import com.netflix.hystrix.HystrixCommandKey;
import com.netflix.hystrix.HystrixCommandProperties;
import com.netflix.hystrix.HystrixObservableCommand;
import com.netflix.hystrix.HystrixThreadPoolKey;
import com.netflix.hystrix.strategy.HystrixPlugins;
import dev.firebreak.GuardRegistry;
import dev.firebreak.testkit.ManualClock;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import rx.Observable;
import rx.observers.TestSubscriber;

/** The bridge's own registry names its threads as hystrix-core 1.5.18 did: pools hystrix-<pool>-N, timeouts HystrixTimer-N. */
class HystrixThreadNamesTest {

    private GuardRegistry registry;

    @BeforeEach
    void clean() {
        ConfigurationManager.getConfigInstance().clear();
        HystrixPlugins.reset();
    }

    @AfterEach
    void close() {
        HystrixBridge.uninstall(registry);
        registry.close();
        ConfigurationManager.getConfigInstance().clear();
    }

    @Test
    void aCommandRunsOnAThreadNamedAfterItsPoolKey() {
        registry = HystrixBridge.ownRegistry();
        HystrixBridge.install(registry);
        HystrixCommand<String> command = new HystrixCommand<>(HystrixCommand.Setter.withGroupKey(HystrixCommandGroupKey.Factory.asKey("G"))
                .andCommandKey(HystrixCommandKey.Factory.asKey("Named"))
                .andThreadPoolKey(HystrixThreadPoolKey.Factory.asKey("NamedPool"))) {
            @Override
            protected String run() {
                return Thread.currentThread().getName();
            }
        };

        assertThat(command.execute()).matches("hystrix-NamedPool-\\d+");
    }

    @Test
    void aTimedOutCommandFallsBackOnAThreadNamedAsHystrixsTimer() {
        ManualClock clock = new ManualClock();
        registry = GuardRegistry.builder().ticker(clock).scheduler(new HystrixTimerScheduler(clock)).build();
        HystrixBridge.install(registry);
        HystrixObservableCommand<String> command = new HystrixObservableCommand<>(HystrixObservableCommand.Setter
                .withGroupKey(HystrixCommandGroupKey.Factory.asKey("G"))
                .andCommandKey(HystrixCommandKey.Factory.asKey("TimedOut"))
                .andCommandPropertiesDefaults(HystrixCommandProperties.Setter().withExecutionTimeoutInMilliseconds(50))) {
            @Override
            protected Observable<String> construct() {
                return Observable.never();
            }

            @Override
            protected Observable<String> resumeWithFallback() {
                return Observable.defer(() -> Observable.just(Thread.currentThread().getName()));
            }
        };
        TestSubscriber<String> subscriber = new TestSubscriber<>();
        command.toObservable().subscribe(subscriber);

        clock.advance(Duration.ofMillis(50));

        subscriber.awaitTerminalEvent(10, TimeUnit.SECONDS);
        subscriber.assertNoErrors();
        assertThat(subscriber.getOnNextEvents()).singleElement().asString().matches("HystrixTimer-\\d+");
        assertThat(subscriber.getLastSeenThread().getName()).matches("HystrixTimer-\\d+");
        assertThat(command.isResponseTimedOut()).isTrue();
    }
}
