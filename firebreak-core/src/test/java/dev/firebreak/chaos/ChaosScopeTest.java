package dev.firebreak.chaos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.config.InvalidConfigException;
import dev.firebreak.context.Criticality;
import dev.firebreak.context.RequestContext;
import dev.firebreak.live.ConfigEvent;
import dev.firebreak.live.DynamicConfiguration;
import dev.firebreak.live.MapPropertySource;
import dev.firebreak.testkit.Await;
import dev.firebreak.testkit.Chaos;
import dev.firebreak.testkit.ManualClock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Which calls get a fault: rates within their binomial bounds (a seeded random), the scope (guard, group,
 * criticality, request tag), the time to live on the manual clock, the registry's permission, and live
 * configuration (changes applied, bad values refused with key, value and rule).
 */
class ChaosScopeTest {

    private final ManualClock clock = new ManualClock();
    private final GuardRegistry registry = Chaos.registry(clock, 20261128L);

    @AfterEach
    void close() {
        registry.close();
    }

    /** A guard whose breaker stays out of the way (injected failures would open it, as they should). */
    private Guard guard(String name) {
        return registry.guard(name).isolation(Isolation.semaphore(5)).configure(c -> c.breaker(b -> b.enabled(false)))
                .build();
    }

    /** Calls of {@code guard} that got the fault, out of {@code calls}. */
    private static int injected(Guard guard, int calls) {
        int faults = 0;
        for (int i = 0; i < calls; i++) {
            faults += guard.execute(() -> 0, failure -> 1);
        }
        return faults;
    }

    @Test
    void ratesStayWithinTheir999PercentBinomialIntervals() {
        // 10,000 calls at rate p: mean 10,000 p, sd sqrt(10,000 p (1 - p)); z(0.9995) = 3.29.
        for (double rate : new double[] {0.1, 0.5, 0.01}) {
            Guard guard = guard("rate-" + rate);
            Chaos.inject(guard, c -> c.rate(rate));
            int n = 10_000;
            double mean = n * rate;
            double half = 3.2905 * Math.sqrt(n * rate * (1 - rate));
            int faults = injected(guard, n);
            System.out.printf("rate %.2f: %d of %d calls injected, 99.9%% interval [%.0f, %.0f]%n", rate, faults, n,
                    mean - half, mean + half);
            assertThat((double) faults).as("rate " + rate).isBetween(mean - half, mean + half);
            assertThat(guard.controls().chaos().injected(ChaosKind.EXCEPTION)).isEqualTo(faults);
        }
        Guard never = guard("never");
        Chaos.inject(never, c -> c.rate(0.0));
        assertThat(injected(never, 1_000)).isZero();
        Guard always = guard("always");
        Chaos.inject(always, c -> c.rate(1.0));
        assertThat(injected(always, 1_000)).isEqualTo(1_000);
    }

    @Test
    void theScopeIsTheGuardItsGroupTheCallsCriticalityAndTheRequestsTags() throws Exception {
        Guard configured = guard("configured");
        Guard other = guard("other");
        Chaos.inject(configured, c -> { });
        assertThat(injected(configured, 10)).as("the guard configured").isEqualTo(10);
        assertThat(injected(other, 10)).as("another guard").isZero();

        Guard inGroup = registry.guard("in-group").group("payments").configure(c -> c.breaker(b -> b.enabled(false))).build();
        Guard outOfGroup = registry.guard("out-of-group").group("search").build();
        Chaos.inject(inGroup, c -> c.groups("payments"));
        Chaos.inject(outOfGroup, c -> c.groups("payments"));
        assertThat(injected(inGroup, 10)).isEqualTo(10);
        assertThat(injected(outOfGroup, 10)).isZero();
        assertThat(outOfGroup.controls().chaos().active()).isFalse();

        Guard byLevel = guard("by-level");
        Chaos.inject(byLevel, c -> c.criticalities(Criticality.SHEDDABLE, Criticality.SHEDDABLE_PLUS));
        assertThat(Criticality.SHEDDABLE.call(() -> injected(byLevel, 10))).isEqualTo(10);
        assertThat(Criticality.SHEDDABLE_PLUS.call(() -> injected(byLevel, 10))).isEqualTo(10);
        assertThat(Criticality.CRITICAL.call(() -> injected(byLevel, 10))).isZero();
        assertThat(injected(byLevel, 10)).as("no level: the default, CRITICAL").isZero();
        try (RequestContext ctx = RequestContext.open()) {
            ctx.criticality(Criticality.SHEDDABLE);
            assertThat(injected(byLevel, 10)).as("the request context's level").isEqualTo(10);
        }

        Guard byTag = guard("by-tag");
        Chaos.inject(byTag, c -> c.tags("chaos-latency", "chaos-all"));
        assertThat(injected(byTag, 10)).as("outside a request context").isZero();
        try (RequestContext ctx = RequestContext.open()) {
            assertThat(injected(byTag, 10)).as("a request without the tag").isZero();
            ChaosTags.of(ctx).add("chaos-all");
            assertThat(injected(byTag, 10)).as("a request with the tag").isEqualTo(10);
        }
    }

    @Test
    void theTimeToLiveSwitchesTheInjectionOffOnTheGuardsClockAndTellsTheListeners() {
        Guard guard = guard("ttl");
        List<String> expired = new CopyOnWriteArrayList<>();
        guard.controls().chaos().addListener((name, config) -> expired.add(name + " after " + config.ttl()));
        Chaos.inject(guard, c -> c.ttl(Duration.ofSeconds(30)));
        assertThat(injected(guard, 5)).isEqualTo(5);
        clock.advance(Duration.ofSeconds(29));
        assertThat(injected(guard, 5)).isEqualTo(5);
        assertThat(guard.controls().chaos().active()).isTrue();
        clock.advance(Duration.ofSeconds(1));
        assertThat(guard.controls().chaos().active()).isFalse();
        assertThat(injected(guard, 5)).isZero();
        Await.until("the listener is told", () -> !expired.isEmpty());
        assertThat(expired).containsExactly("ttl after PT30S");
        Chaos.inject(guard, c -> c.ttl(Duration.ofSeconds(60))); // a changed configuration switches it on again
        assertThat(injected(guard, 5)).isEqualTo(5);
    }

    @Test
    void theTickerDecidesTheExpiryEvenIfNoTimerRan() {
        GuardRegistry timerless = GuardRegistry.builder().ticker(clock).scheduler((delay, task) -> () -> true)
                .allowChaos(true).build();
        try (timerless) {
            Guard guard = timerless.guard("no-timer").isolation(Isolation.semaphore(5)).build();
            Chaos.inject(guard, c -> c.ttl(Duration.ofSeconds(10)));
            assertThat(injected(guard, 3)).isEqualTo(3);
            clock.advance(Duration.ofSeconds(10));
            assertThat(injected(guard, 3)).isZero();
            assertThat(guard.controls().chaos().active()).isFalse();
        }
    }

    @Test
    void aRegistryThatDoesNotAllowChaosIgnoresEveryChaosKey() {
        try (GuardRegistry production = GuardRegistry.builder().clock(clock).build()) {
            Guard guard = production.guard("prod").isolation(Isolation.semaphore(5))
                    .configure(c -> c.chaos(x -> x.enabled(true).rate(1.0))).build();
            assertThat(injected(guard, 100)).isZero();
            assertThat(guard.controls().chaos().allowed()).isFalse();
            assertThat(guard.controls().chaos().active()).isFalse();
            assertThatThrownBy(() -> Chaos.failEveryCall(guard)).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("allowChaos(true)");
        }
    }

    @Test
    void liveConfigurationSwitchesFaultsOnAndOffAndRefusesBadValuesWithKeyValueAndRule() {
        List<ConfigEvent> events = new CopyOnWriteArrayList<>();
        MapPropertySource source = new MapPropertySource("test");
        registry.chaosFaults().result("cached-page", -1);
        try (DynamicConfiguration config = DynamicConfiguration.builder(registry).source(source)
                .pollInterval(Duration.ZERO).listener(events::add).build()) {
            Guard guard = guard("live");
            assertThat(injected(guard, 10)).isZero();
            source.set("firebreak.command.live.chaos.enabled", "true");
            assertThat(injected(guard, 10)).isEqualTo(10);
            source.setAll(java.util.Map.of("firebreak.command.live.chaos.faults", "cached-page", // one change
                    "firebreak.command.live.chaos.kind", "RESULT"));
            assertThat(guard.execute(() -> 0)).isEqualTo(-1);

            source.set("firebreak.command.live.chaos.rate", "1.5");
            assertThat(events).filteredOn(e -> e.kind() == ConfigEvent.Kind.REFUSED && e.key().endsWith("rate")).singleElement()
                    .satisfies(e -> assertThat(e.message()).contains("firebreak.command.live.chaos.rate", "1.5",
                            "must be between 0 and 1"));
            source.set("firebreak.command.live.chaos.faults", "no-such-fault");
            assertThat(events).filteredOn(e -> e.kind() == ConfigEvent.Kind.RECONFIGURE_FAILED).singleElement()
                    .satisfies(e -> assertThat(e.message()).contains("chaos.faults", "no-such-fault", "not registered"));
            assertThat(guard.execute(() -> 0)).as("the last good configuration stays").isEqualTo(-1);

            source.set("firebreak.command.live.chaos.enabled", "false");
            assertThat(guard.execute(() -> 0)).isZero();
        }
    }

    @Test
    void aFaultNameMustBeRegisteredForTheKind() {
        registry.chaosFaults().result("page", "p");
        Guard guard = guard("names");
        assertThatThrownBy(() -> Chaos.inject(guard, c -> c.kind(ChaosKind.BEHAVIOR).faults("page")))
                .isInstanceOf(InvalidConfigException.class)
                .hasMessageContaining("firebreak.command.names.chaos.faults = page")
                .hasMessageContaining("page is a RESULT");
        assertThatThrownBy(() -> ChaosConfig.builder().kind(ChaosKind.RESULT).build())
                .isInstanceOf(InvalidConfigException.class).hasMessageContaining("chaos.faults");
        assertThat(guard.controls().chaos().active()).isFalse();
    }
}
