package dev.firebreak.spring.boot.config;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.GuardRegistry;
import dev.firebreak.testkit.Await;
import dev.firebreak.testkit.ManualClock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.boot.DefaultApplicationArguments;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.ContextRefreshedEvent;
import org.springframework.context.support.StaticApplicationContext;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;

/**
 * The starter's binder polls the Environment only once the application has started (ready event, or the
 * refresh of a context no SpringApplication runs); a plain binder polls at once.
 */
class HeldPollsTest {

    private final ManualClock clock = new ManualClock();
    private final AtomicInteger reads = new AtomicInteger();
    private final StandardEnvironment environment = new StandardEnvironment();

    HeldPollsTest() {
        environment.getPropertySources().addFirst(new MapPropertySource("counting",
                Map.of("firebreak.command.default.execution.timeout.enabled", "true")) {
            @Override
            public String[] getPropertyNames() {
                reads.incrementAndGet();
                return super.getPropertyNames();
            }
        });
    }

    @Test
    void aHeldPollRunsWhenTheContextIsRefreshed() {
        EnvironmentConfigurationBinder binder = new EnvironmentConfigurationBinder.PlainBinder(environment);
        binder.holdPollsUntilRefreshed();
        try (GuardRegistry registry = GuardRegistry.builder().ticker(clock).scheduler(clock).build()) {
            binder.bind(registry);
            int afterBind = reads.get();
            assertThat(afterBind).as("the first read is at bind, at once").isPositive();

            clock.advance(Duration.ofSeconds(5));
            assertThat(reads.get()).as("no poll while the context starts").isEqualTo(afterBind);
            assertThat(binder.isHoldingPolls()).isTrue();

            binder.onApplicationEvent(new ContextRefreshedEvent(new StaticApplicationContext()));
            assertThat(reads.get()).as("the release only schedules the held poll").isEqualTo(afterBind);
            clock.runDueTasks();
            Await.until("the held poll reads the Environment", () -> reads.get() > afterBind);
            assertThat(binder.isHoldingPolls()).isFalse();
        }
    }

    @Test
    void inAnApplicationRunBySpringApplicationTheHeldPollWaitsForTheReadyEvent() {
        EnvironmentConfigurationBinder binder = new EnvironmentConfigurationBinder.PlainBinder(environment);
        binder.holdPollsUntilRefreshed();
        StaticApplicationContext context = new StaticApplicationContext();
        context.getBeanFactory().registerSingleton("springApplicationArguments", new DefaultApplicationArguments());
        try (GuardRegistry registry = GuardRegistry.builder().ticker(clock).scheduler(clock).build()) {
            binder.bind(registry);
            int afterBind = reads.get();
            clock.advance(Duration.ofSeconds(5));

            binder.onApplicationEvent(new ContextRefreshedEvent(context));
            clock.advance(Duration.ofSeconds(5));
            assertThat(reads.get()).as("refreshed but not ready: still no poll").isEqualTo(afterBind);
            assertThat(binder.isHoldingPolls()).isTrue();

            binder.onApplicationEvent(new ApplicationReadyEvent(new SpringApplication(), new String[0], context, Duration.ZERO));
            assertThat(reads.get()).as("the release only schedules the held poll").isEqualTo(afterBind);
            clock.runDueTasks();
            Await.until("the held poll reads the Environment", () -> reads.get() > afterBind);
            assertThat(binder.isHoldingPolls()).isFalse();
        }
    }

    @Test
    void aBinderThatHoldsNothingPollsFromTheStart() {
        EnvironmentConfigurationBinder binder = new EnvironmentConfigurationBinder.PlainBinder(environment);
        try (GuardRegistry registry = GuardRegistry.builder().ticker(clock).scheduler(clock).build()) {
            binder.bind(registry);
            int afterBind = reads.get();
            clock.advance(Duration.ofSeconds(1));
            Await.until("the first poll reads the Environment", () -> reads.get() > afterBind);
            assertThat(binder.isHoldingPolls()).isFalse();
        }
    }
}
