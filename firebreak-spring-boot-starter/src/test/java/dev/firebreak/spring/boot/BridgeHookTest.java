package dev.firebreak.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import com.netflix.hystrix.HystrixCommand;
import com.netflix.hystrix.HystrixCommandGroupKey;
import com.netflix.hystrix.HystrixCommandKey;
import dev.firebreak.GuardRegistry;
import dev.firebreak.hystrix.HystrixBridge;
import dev.firebreak.spring.boot.app.TestApplication;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.cloud.context.environment.EnvironmentChangeEvent;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.MapPropertySource;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.ActiveProfiles;

/** With firebreak-hystrix present, bridged HystrixCommands run on the application's registry, configured from application.yml. */
@SpringBootTest(classes = TestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.NONE)
@ActiveProfiles("it")
@DirtiesContext
class BridgeHookTest {

    private static final String TIMEOUT = "hystrix.command.Bridged.execution.isolation.thread.timeoutInMilliseconds";

    @Autowired
    GuardRegistry registry;
    @Autowired
    ConfigurableApplicationContext context;

    private final CountDownLatch release = new CountDownLatch(1);

    @AfterEach
    void releaseCalls() {
        release.countDown();
    }

    /** A Hystrix command exactly as an application of Hystrix's writes it. */
    final class Bridged extends HystrixCommand<String> {
        private final boolean hang;

        Bridged(boolean hang) {
            super(Setter.withGroupKey(HystrixCommandGroupKey.Factory.asKey("Group"))
                    .andCommandKey(HystrixCommandKey.Factory.asKey("Bridged")));
            this.hang = hang;
        }

        @Override
        protected String run() throws Exception {
            if (hang) {
                release.await();
            }
            return "ran";
        }

        @Override
        protected String getFallback() {
            return "fallback";
        }
    }

    @Test
    void theBridgeRunsOnTheApplicationsRegistryWithTheTimeoutFromApplicationYmlChangingLive() {
        assertThat(HystrixBridge.registry()).isSameAs(registry);
        Bridged command = new Bridged(false);
        assertThat(command.getProperties().executionTimeoutInMilliseconds().get()).isEqualTo(400);
        assertThat(command.execute()).isEqualTo("ran");
        assertThat(registry.find("Bridged")).isPresent();

        MapPropertySource live = new MapPropertySource("bridge-live", new ConcurrentHashMap<>());
        context.getEnvironment().getPropertySources().addFirst(live);
        live.getSource().put(TIMEOUT, "150");
        context.publishEvent(new EnvironmentChangeEvent(context, Set.of(TIMEOUT)));
        assertThat(new Bridged(false).getProperties().executionTimeoutInMilliseconds().get()).isEqualTo(150);
        assertThat(registry.find("Bridged").orElseThrow().controls().config().timeout().timeout().toMillis()).isEqualTo(150);

        Bridged hanging = new Bridged(true);
        assertThat(hanging.execute()).isEqualTo("fallback");
        assertThat(hanging.isResponseTimedOut()).isTrue();
    }

    @Test
    void archaiusStillAppliesBeneathTheEnvironment() {
        com.netflix.config.ConfigurationManager.getConfigInstance()
                .setProperty("hystrix.command.Archaic.circuitBreaker.requestVolumeThreshold", 9);
        try {
            HystrixCommand<String> archaic = new HystrixCommand<>(HystrixCommand.Setter
                    .withGroupKey(HystrixCommandGroupKey.Factory.asKey("Group"))
                    .andCommandKey(HystrixCommandKey.Factory.asKey("Archaic"))) {
                @Override
                protected String run() {
                    return "ran";
                }
            };
            assertThat(archaic.getProperties().circuitBreakerRequestVolumeThreshold().get()).isEqualTo(9);
            assertThat(archaic.getProperties().executionTimeoutInMilliseconds().get()).isEqualTo(5000); // yml's default
        } finally {
            com.netflix.config.ConfigurationManager.getConfigInstance()
                    .clearProperty("hystrix.command.Archaic.circuitBreaker.requestVolumeThreshold");
        }
    }
}
