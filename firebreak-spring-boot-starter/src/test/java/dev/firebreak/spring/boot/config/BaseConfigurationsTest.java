package dev.firebreak.spring.boot.config;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.GuardConfig;
import dev.firebreak.GuardRegistry;
import dev.firebreak.config.Level;
import dev.firebreak.live.DynamicConfiguration;
import dev.firebreak.live.EffectiveProperty;
import dev.firebreak.spring.boot.FirebreakAutoConfiguration;
import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.env.MapPropertySource;

/** Named base configurations over a real Spring context: precedence, refusals at startup, live changes. */
class BaseConfigurationsTest {

    private static final String TIMEOUT = "execution.isolation.thread.timeoutInMilliseconds";
    private static final String THRESHOLD = "circuitBreaker.errorThresholdPercentage";
    private static final String VOLUME = "circuitBreaker.requestVolumeThreshold";
    private static final String SLEEP = "circuitBreaker.sleepWindowInMilliseconds";

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(FirebreakAutoConfiguration.class))
            .withPropertyValues("firebreak.config.poll-interval=0",
                    "firebreak.configs.slow." + TIMEOUT + "=3000",
                    "firebreak.configs.slow." + THRESHOLD + "=30",
                    "firebreak.configs.slow." + VOLUME + "=7",
                    "firebreak.configs.fast." + TIMEOUT + "=200");

    @Test
    void anInstanceKeyWinsOverItsBaseWhichWinsOverTheDefaultSectionAndCode() {
        runner.withPropertyValues(
                "firebreak.command.default." + VOLUME + "=40",
                "firebreak.command.default." + SLEEP + "=9000",
                "firebreak.command.orders.baseConfig=slow",
                "firebreak.command.orders." + THRESHOLD + "=20",
                "firebreak.command.inventory.baseConfig=slow",
                "hystrix.command.reports.baseConfig=slow", // Hystrix has no base configurations: an unknown key
                "firebreak.guards=orders,payments,reports").run(context -> {
                    assertThat(context).hasNotFailed();
                    GuardRegistry registry = context.getBean(GuardRegistry.class);
                    GuardConfig orders = registry.find("orders").orElseThrow().controls().config();
                    assertThat(orders.breaker().errorThresholdPercentage()).as("its own key").isEqualTo(20);
                    assertThat(orders.breaker().requestVolumeThreshold()).as("its base over the default section")
                            .isEqualTo(7);
                    assertThat(orders.timeout().timeout()).as("its base over the library default")
                            .isEqualTo(Duration.ofMillis(3000));
                    assertThat(orders.breaker().sleepWindow()).as("the default section where the base is silent")
                            .isEqualTo(Duration.ofMillis(9000));

                    GuardConfig payments = registry.find("payments").orElseThrow().controls().config();
                    assertThat(payments.breaker().requestVolumeThreshold()).as("no base").isEqualTo(40);
                    assertThat(payments.timeout().timeout()).isEqualTo(Duration.ofMillis(1000));
                    assertThat(registry.find("reports").orElseThrow().controls().config().timeout().timeout())
                            .isEqualTo(Duration.ofMillis(1000));

                    GuardConfig inventory = registry.guard("inventory").timeout(Duration.ofMillis(100)).build()
                            .controls().config();
                    assertThat(inventory.timeout().timeout()).as("its base over its code").isEqualTo(Duration.ofMillis(3000));

                    EffectiveProperty volume = property(context, "orders", VOLUME);
                    assertThat(volume.level()).isEqualTo(Level.DYNAMIC_INSTANCE);
                    assertThat(volume.origin()).isEqualTo("firebreak.command.orders." + VOLUME);
                });
    }

    @Test
    void anUndefinedBaseFailsTheStartNamingKeyValueAndRule() {
        runner.withPropertyValues("firebreak.command.orders.baseConfig=slwo").run(context -> {
            assertThat(context).hasFailed();
            assertThat(context.getStartupFailure()).rootCause()
                    .isInstanceOf(InvalidFirebreakConfigurationException.class)
                    .hasMessageContaining("firebreak.command.orders.baseConfig = slwo: must name a base configuration"
                            + " defined under firebreak.configs.<name>.* (defined: fast, firebreak-bulkhead, firebreak-rate-limiter, slow)");
        });
    }

    @Test
    void aBaseOfABaseAndABadBaseValueFailTheStartEvenBeforeAGuardUsesThem() {
        runner.withPropertyValues("firebreak.configs.slow.baseConfig=fast").run(context -> assertThat(context
                .getStartupFailure()).rootCause().hasMessageContaining(
                        "firebreak.configs.slow.baseConfig = fast: a base configuration cannot have a base"));
        new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(FirebreakAutoConfiguration.class))
                .withPropertyValues("firebreak.configs.slow." + TIMEOUT + "=-5")
                .run(context -> assertThat(context.getStartupFailure()).as("a base alone binds at startup")
                        .rootCause().hasMessageContaining("firebreak.configs.slow." + TIMEOUT + " = -5: must be"));
    }

    @Test
    void aChangeToABaseOrToTheChoiceOfBaseAppliesLiveAndARefusedOneKeepsTheLastGoodValues() {
        runner.withPropertyValues("firebreak.command.orders.baseConfig=slow", "firebreak.guards=orders").run(context -> {
            GuardRegistry registry = context.getBean(GuardRegistry.class);
            SpringEnvironmentSource source = context.getBean(EnvironmentConfigurationBinder.class).source();
            MapPropertySource live = new MapPropertySource("live", new ConcurrentHashMap<>());
            context.getEnvironment().getPropertySources().addFirst(live);
            assertThat(timeout(registry)).isEqualTo(3000);

            live.getSource().put("firebreak.configs.slow." + TIMEOUT, "4000");
            source.changed();
            assertThat(timeout(registry)).as("the base changed").isEqualTo(4000);

            live.getSource().put("firebreak.command.orders.baseConfig", "fast");
            source.changed();
            assertThat(timeout(registry)).as("another base").isEqualTo(200);
            assertThat(registry.find("orders").orElseThrow().controls().config().breaker().errorThresholdPercentage())
                    .as("fast leaves the threshold to the defaults").isEqualTo(50);

            live.getSource().put("firebreak.command.orders.baseConfig", "nowhere");
            source.changed();
            assertThat(timeout(registry)).as("refused: the last good values stay").isEqualTo(200);
            assertThat(context).hasNotFailed();

            live.getSource().put("firebreak.command.orders." + TIMEOUT, "250");
            source.changed();
            assertThat(timeout(registry)).as("held until the base is fixed").isEqualTo(200);
            live.getSource().put("firebreak.command.orders.baseConfig", "slow");
            source.changed();
            assertThat(timeout(registry)).as("fixed: its own key over its base").isEqualTo(250);
            assertThat(registry.find("orders").orElseThrow().controls().config().breaker().errorThresholdPercentage())
                    .isEqualTo(30);
        });
    }

    private static long timeout(GuardRegistry registry) {
        return registry.find("orders").orElseThrow().controls().config().timeout().timeout().toMillis();
    }

    private static EffectiveProperty property(AssertableApplicationContext context, String guard, String name) {
        return context.getBean(DynamicConfiguration.class).commandProperties(guard).orElseThrow().stream()
                .filter(p -> p.key().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void aGuardDeclaredAsARateLimiterAloneLimitsTheRateAndNothingElse() {
        runner.withPropertyValues(
                "firebreak.command.partner.baseConfig=firebreak-rate-limiter",
                "firebreak.command.partner.rateLimit.permitsPerSecond=1",
                "firebreak.guards=partner").run(context -> {
                    assertThat(context).hasNotFailed();
                    dev.firebreak.Guard partner = context.getBean(GuardRegistry.class).find("partner").orElseThrow();
                    GuardConfig config = partner.controls().config();
                    assertThat(config.rateLimit().enabled()).isTrue();
                    assertThat(config.breaker().enabled()).isFalse();
                    assertThat(config.timeout().enabled()).isFalse();
                    assertThat(config.isolation().strategy()).isEqualTo(dev.firebreak.isolation.IsolationStrategy.SEMAPHORE);
                    java.util.List<String> answers = new java.util.ArrayList<>();
                    for (int i = 0; i < 100; i++) { // 1 permit a second: all but a few of 100 quick calls are refused
                        answers.add(partner.execute(() -> "served", failure -> failure.getClass().getSimpleName()));
                    }
                    assertThat(answers).contains("served", "RateLimitedException")
                            .containsOnly("served", "RateLimitedException"); // no breaker, no timeout, no bulkhead refusal
                });
    }
}
