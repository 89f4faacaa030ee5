package dev.firebreak.spring.annotation.declared;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.GuardRegistry;
import dev.firebreak.event.EventType;
import dev.firebreak.hedge.Hedge;
import dev.firebreak.hedge.HedgeRegistry;
import dev.firebreak.spring.annotation.declared.DeclaredApplications.Profiles;
import dev.firebreak.testkit.Await;
import dev.firebreak.testkit.ManualClock;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A hedge declared on an idempotent {@code @Guarded} method, in a real Spring context on a manual clock:
 * the first call hangs, time moves past the hedge delay, the second attempt answers the caller.
 */
class DeclaredHedgeTest {

    private ConfigurableApplicationContext context;
    private Profiles profiles;
    private ManualClock clock;
    private GuardRegistry registry;

    @BeforeEach
    void start() {
        context = new SpringApplicationBuilder(DeclaredApplications.Hedges.class).web(WebApplicationType.NONE)
                .properties("spring.cloud.compatibility-verifier.enabled=false", "firebreak.config.poll-interval=0",
                        "firebreak.hedge.profiles-hedge.delay.fixedInMilliseconds=20",
                        "firebreak.hedge.profiles-async-hedge.delay.fixedInMilliseconds=20",
                        "firebreak.command.profiles.execution.isolation.strategy=VIRTUAL")
                .run();
        profiles = context.getBean(Profiles.class);
        clock = context.getBean(ManualClock.class);
        registry = context.getBean(GuardRegistry.class);
    }

    @AfterEach
    void stop() {
        profiles.release().countDown();
        context.close();
    }

    /*
     * The policy arms its hedge timer after it has launched the first attempt, so the attempt may be
     * running before the timer exists: moving the clock then would leave the timer 20 ms ahead of it.
     * Wait (without moving time) until the 20 ms timer is pending.
     */
    private void awaitHedgeArmed() {
        Await.until("the hedge timer is armed", () -> clock.pendingDelays().contains(Duration.ofMillis(20).toNanos()),
                () -> "pending: " + clock.pendingDelays());
    }

    private Hedge hedge(String name) {
        return HedgeRegistry.of(registry).find(name).orElseThrow();
    }

    @Test
    void theHedgeIsBuiltAtStartupThroughItsGuard() {
        assertThat(hedge("profiles-hedge").guard().name()).isEqualTo("profiles");
        assertThat(hedge("profiles-hedge").config().fixedDelay()).isEqualTo(Duration.ofMillis(20));
        assertThat(hedge("profiles-async-hedge").guard().name()).isEqualTo("profiles-async");
    }

    @Test
    void aSlowFirstCallIsHedgedAndTheSecondAttemptAnswers() throws Exception {
        CompletableFuture<String> caller = CompletableFuture.supplyAsync(() -> {
            try {
                return profiles.profile("p-1");
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        assertThat(profiles.firstStarted().await(30, TimeUnit.SECONDS)).as("first attempt started").isTrue();
        assertThat(caller).as("no hedge before the delay").isNotDone();
        awaitHedgeArmed();
        clock.advance(Duration.ofMillis(20));

        assertThat(caller.get(30, TimeUnit.SECONDS)).isEqualTo("p-1 from call 2");
        assertThat(profiles.calls()).hasValue(2);
        assertThat(hedge("profiles-hedge").metrics().hedged()).isEqualTo(1);
        assertThat(hedge("profiles-hedge").metrics().hedgeWins()).isEqualTo(1);
        assertThat(registry.find("profiles").orElseThrow().controls().metrics().cumulativeCount(EventType.SUCCESS))
                .isEqualTo(1);
    }

    @Test
    void aStageMethodIsHedgedToo() throws Exception {
        CompletableFuture<String> caller = profiles.profileAsync("p-2").toCompletableFuture();
        assertThat(profiles.firstStarted().await(30, TimeUnit.SECONDS)).isTrue();
        assertThat(caller).isNotDone();
        awaitHedgeArmed();
        clock.advance(Duration.ofMillis(20));

        assertThat(caller.get(30, TimeUnit.SECONDS)).isEqualTo("p-2 from call 2");
        assertThat(profiles.calls()).hasValue(2);
        assertThat(hedge("profiles-async-hedge").metrics().hedged()).isEqualTo(1);
    }
}
