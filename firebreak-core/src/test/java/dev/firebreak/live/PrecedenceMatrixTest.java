package dev.firebreak.live;

import static dev.firebreak.live.Fixture.TIMEOUT;
import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.Guard;
import dev.firebreak.GuardConfig;
import dev.firebreak.collapse.CollapserConfig;
import dev.firebreak.config.Level;
import dev.firebreak.config.PropertyDefinition;
import dev.firebreak.hedge.Hedge;
import dev.firebreak.isolation.GuardThreadPool;
import dev.firebreak.isolation.ThreadPoolConfig;
import dev.firebreak.retry.Retry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Hystrix's precedence, every combination of the four layers: global default from code &lt; dynamic
 * global default &lt; instance default from code &lt; dynamic instance value; for guards, pools,
 * collapsers, retry and hedging policies alike.
 */
class PrecedenceMatrixTest {

    /** The value each layer sets when present; the library default is 1000. */
    private static final Map<Level, Integer> VALUE = Map.of(
            Level.GLOBAL_DEFAULT_FROM_CODE, 1100,
            Level.DYNAMIC_GLOBAL_DEFAULT, 1200,
            Level.INSTANCE_DEFAULT_FROM_CODE, 1300,
            Level.DYNAMIC_INSTANCE, 1400);

    static Stream<List<Level>> layerSets() {
        Level[] levels = Level.values();
        return IntStream.range(0, 1 << levels.length).mapToObj(mask -> {
            List<Level> present = new ArrayList<>();
            for (int i = 0; i < levels.length; i++) {
                if ((mask & (1 << i)) != 0) {
                    present.add(levels[i]);
                }
            }
            return present;
        });
    }

    private static int expectedValue(List<Level> present) {
        return expectedValue(present, 1000);
    }

    private static int expectedValue(List<Level> present, int libraryDefault) {
        return present.isEmpty() ? libraryDefault : VALUE.get(present.get(present.size() - 1));
    }

    private static Level expectedLevel(List<Level> present) {
        return present.isEmpty() ? Level.GLOBAL_DEFAULT_FROM_CODE : present.get(present.size() - 1);
    }

    private static Fixture fixture(List<Level> present) {
        return new Fixture(b -> {
            if (present.contains(Level.GLOBAL_DEFAULT_FROM_CODE)) {
                b.commandDefaults(c -> c.timeout(to -> to.timeout(Duration.ofMillis(VALUE.get(Level.GLOBAL_DEFAULT_FROM_CODE)))));
            }
        });
    }

    private static void setDynamic(Fixture f, List<Level> present) {
        if (present.contains(Level.DYNAMIC_GLOBAL_DEFAULT)) {
            f.source.set("firebreak.command.default." + TIMEOUT, "" + VALUE.get(Level.DYNAMIC_GLOBAL_DEFAULT));
        }
        if (present.contains(Level.DYNAMIC_INSTANCE)) {
            f.source.set("firebreak.command.orders." + TIMEOUT, "" + VALUE.get(Level.DYNAMIC_INSTANCE));
        }
    }

    private static Guard build(Fixture f, List<Level> present) {
        return f.semaphoreGuard("orders", c -> {
            if (present.contains(Level.INSTANCE_DEFAULT_FROM_CODE)) {
                c.timeout(to -> to.timeout(Duration.ofMillis(VALUE.get(Level.INSTANCE_DEFAULT_FROM_CODE))));
            }
        });
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("layerSets")
    void aGuardCreatedAfterThePropertiesStartsWithTheStrongestLayer(List<Level> present) {
        try (Fixture f = fixture(present)) {
            setDynamic(f, present);
            Guard guard = build(f, present);

            assertThat(guard.controls().config().timeout().timeout().toMillis()).isEqualTo(expectedValue(present));
            assertThat(f.property(guard, TIMEOUT).level()).isEqualTo(expectedLevel(present));
            assertThat(f.events(ConfigEvent.Kind.REFUSED)).isEmpty();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("layerSets")
    void aRunningGuardTakesDynamicLayersLiveAndFallsBackWhenTheyAreRemoved(List<Level> present) {
        try (Fixture f = fixture(present)) {
            Guard guard = build(f, present);
            List<Level> codeOnly = present.stream()
                    .filter(l -> l == Level.GLOBAL_DEFAULT_FROM_CODE || l == Level.INSTANCE_DEFAULT_FROM_CODE).toList();
            assertThat(guard.controls().config().timeout().timeout().toMillis()).isEqualTo(expectedValue(codeOnly));

            setDynamic(f, present);
            assertThat(guard.controls().config().timeout().timeout().toMillis()).isEqualTo(expectedValue(present));
            assertThat(f.property(guard, TIMEOUT).level()).isEqualTo(expectedLevel(present));

            f.source.remove("firebreak.command.default." + TIMEOUT);
            f.source.remove("firebreak.command.orders." + TIMEOUT);
            assertThat(guard.controls().config().timeout().timeout().toMillis()).isEqualTo(expectedValue(codeOnly));
            assertThat(f.property(guard, TIMEOUT).level()).isEqualTo(expectedLevel(codeOnly));
            assertThat(guard.controls().config().setInCode()).isEqualTo(guard.controls().codeConfig().setInCode());
        }
    }

    /**
     * A call policy's property through the same matrix: how to set it as a global default from code, and
     * how to build a policy named {@code orders} (with the instance default from code, or null) and read it.
     */
    record PolicyCase(String segment, String property, int libraryDefault,
            BiConsumer<DynamicConfiguration.Builder, Duration> codeDefault,
            BiFunction<Guard, Duration, Supplier<Duration>> build) {
        @Override
        public String toString() {
            return segment + "." + property;
        }
    }

    private static final PolicyCase RETRY = new PolicyCase("retry", "backoff.maxInMilliseconds", 1000,
            (b, value) -> b.retryDefaults(r -> r.maxBackoff(value)), (guard, code) -> {
                Retry retry = Retry.named("orders").through(guard).configure(c -> {
                    if (code != null) {
                        c.maxBackoff(code);
                    }
                }).build();
                return () -> retry.config().maxBackoff();
            });

    private static final PolicyCase HEDGE = new PolicyCase("hedge", "delay.fixedInMilliseconds", 0,
            (b, value) -> b.hedgeDefaults(h -> h.fixedDelay(value)), (guard, code) -> {
                Hedge hedge = Hedge.named("orders").through(guard).configure(c -> {
                    if (code != null) {
                        c.fixedDelay(code);
                    }
                }).build();
                return () -> hedge.config().fixedDelay();
            });

    static Stream<Arguments> policyLayerSets() {
        return Stream.of(RETRY, HEDGE).flatMap(policy -> layerSets().map(present -> Arguments.of(policy, present)));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("policyLayerSets")
    void callPoliciesFollowTheSameFourLayersRunningAndNew(PolicyCase policy, List<Level> present) {
        Duration globalCode = Duration.ofMillis(VALUE.get(Level.GLOBAL_DEFAULT_FROM_CODE));
        try (Fixture f = new Fixture(b -> {
            if (present.contains(Level.GLOBAL_DEFAULT_FROM_CODE)) {
                policy.codeDefault().accept(b, globalCode);
            }
        })) {
            Duration code = present.contains(Level.INSTANCE_DEFAULT_FROM_CODE)
                    ? Duration.ofMillis(VALUE.get(Level.INSTANCE_DEFAULT_FROM_CODE)) : null;
            Supplier<Duration> running = policy.build().apply(f.semaphoreGuard("running", c -> { }), code);
            List<Level> codeOnly = present.stream()
                    .filter(l -> l == Level.GLOBAL_DEFAULT_FROM_CODE || l == Level.INSTANCE_DEFAULT_FROM_CODE).toList();
            assertThat(running.get().toMillis()).isEqualTo(expectedValue(codeOnly, policy.libraryDefault()));

            String defaultKey = "firebreak." + policy.segment() + ".default." + policy.property();
            String instanceKey = "firebreak." + policy.segment() + ".orders." + policy.property();
            if (present.contains(Level.DYNAMIC_GLOBAL_DEFAULT)) {
                f.source.set(defaultKey, "" + VALUE.get(Level.DYNAMIC_GLOBAL_DEFAULT));
            }
            if (present.contains(Level.DYNAMIC_INSTANCE)) {
                f.source.set(instanceKey, "" + VALUE.get(Level.DYNAMIC_INSTANCE));
            }
            assertThat(running.get().toMillis()).as("running").isEqualTo(expectedValue(present, policy.libraryDefault()));

            Supplier<Duration> created = policy.build().apply(f.semaphoreGuard("created", c -> { }), code);
            assertThat(created.get().toMillis()).as("created").isEqualTo(expectedValue(present, policy.libraryDefault()));
            f.source.remove(defaultKey);
            f.source.remove(instanceKey);
            assertThat(created.get().toMillis()).as("keys removed")
                    .isEqualTo(expectedValue(codeOnly, policy.libraryDefault()));
            assertThat(f.events(ConfigEvent.Kind.REFUSED)).isEmpty();
        }
    }

    @Test
    void firebreakKeysWinOverTheirHystrixTwinsAndLaterSourcesWinOverEarlierOnes() {
        MapPropertySource early = new MapPropertySource("early");
        try (Fixture f = new Fixture(b -> b.source(early))) { // early is added after f.source: it wins
            Guard guard = f.semaphoreGuard("orders", c -> { });
            f.source.set("hystrix.command.orders." + TIMEOUT, "200");
            assertThat(guard.controls().config().timeout().timeout().toMillis()).isEqualTo(200);
            f.source.set("firebreak.command.orders." + TIMEOUT, "300");
            assertThat(guard.controls().config().timeout().timeout().toMillis()).isEqualTo(300);
            assertThat(f.property(guard, TIMEOUT).origin()).isEqualTo("firebreak.command.orders." + TIMEOUT);
            early.set("firebreak.command.orders." + TIMEOUT, "400");
            assertThat(guard.controls().config().timeout().timeout().toMillis()).isEqualTo(400);
        }
    }

    @Test
    void guardNamesWithDotsResolveTheirOwnKeys() {
        try (Fixture f = new Fixture()) {
            Guard dotted = f.semaphoreGuard("random.org", c -> { });
            Guard plain = f.semaphoreGuard("org", c -> { });
            f.source.set("firebreak.command.random.org.fallback.enabled", "false");
            assertThat(dotted.controls().config().fallback().enabled()).isFalse();
            assertThat(plain.controls().config().fallback().enabled()).isTrue();
        }
    }

    @Test
    void threadPoolsFollowTheSamePrecedence() {
        try (Fixture f = new Fixture(b -> b.threadPoolDefaults(p -> p.keepAliveTime(Duration.ofMinutes(3))))) {
            Guard guard = f.registry.guard("orders").isolation(dev.firebreak.Isolation.threadPool(
                    ThreadPoolConfig.builder().coreSize(4).build())).build();
            GuardThreadPool pool = guard.controls().threadPool();
            assertThat(pool.config().coreSize()).isEqualTo(4);
            assertThat(pool.config().keepAliveTime().toMinutes()).isEqualTo(3);

            f.source.set("hystrix.threadpool.default.coreSize", "6"); // weaker than the code's 4
            f.source.set("hystrix.threadpool.default.keepAliveTimeMinutes", "5");
            assertThat(pool.config().coreSize()).isEqualTo(4);
            assertThat(pool.config().keepAliveTime().toMinutes()).isEqualTo(5);

            f.source.set("hystrix.threadpool.orders.coreSize", "8");
            assertThat(pool.config().coreSize()).isEqualTo(8);
            assertThat(f.config.threadPoolProperties("orders").orElseThrow())
                    .contains(new EffectiveProperty("coreSize", 8, Level.DYNAMIC_INSTANCE,
                            "hystrix.threadpool.orders.coreSize"))
                    .contains(new EffectiveProperty("keepAliveTimeMinutes", Duration.ofMinutes(5), Level.DYNAMIC_GLOBAL_DEFAULT,
                            "hystrix.threadpool.default.keepAliveTimeMinutes"))
                    .contains(new EffectiveProperty("maxQueueSize", -1, Level.GLOBAL_DEFAULT_FROM_CODE,
                            "library default"));
        }
    }

    @Test
    void collapsersFollowTheSamePrecedence() {
        try (Fixture f = new Fixture(b -> b.collapserDefaults(c -> c.timerDelay(Duration.ofMillis(20))))) {
            CollapserConfig code = CollapserConfig.builder().maxRequestsInBatch(50).build();
            FakeCollapser collapser = FakeCollapser.create(f.config, "batch", code);
            assertThat(collapser.config().timerDelay().toMillis()).isEqualTo(20);

            f.source.set("firebreak.collapser.default.maxRequestsInBatch", "70"); // weaker than the code's 50
            f.source.set("firebreak.collapser.default.timerDelayInMilliseconds", "30");
            assertThat(collapser.config().maxRequestsInBatch()).isEqualTo(50);
            assertThat(collapser.config().timerDelay().toMillis()).isEqualTo(30);

            f.source.set("firebreak.collapser.batch.maxRequestsInBatch", "90");
            assertThat(collapser.config().maxRequestsInBatch()).isEqualTo(90);
            assertThat(f.config.collapserProperties("batch").orElseThrow()).contains(
                    new EffectiveProperty("maxRequestsInBatch", 90, Level.DYNAMIC_INSTANCE,
                            "firebreak.collapser.batch.maxRequestsInBatch"));
        }
    }

    @Test
    void everyPropertyIsListedWithItsLevel() {
        try (Fixture f = new Fixture(b -> b.commandDefaults(c -> c.fallback(fb -> fb.enabled(false))))) {
            f.source.set("hystrix.command.default.circuitBreaker.requestVolumeThreshold", "30");
            Guard guard = f.semaphoreGuard("orders", c -> c.breaker(cb -> cb.errorThresholdPercentage(25)));

            List<EffectiveProperty> all = f.config.properties(guard);
            assertThat(all).extracting(EffectiveProperty::key)
                    .containsExactlyElementsOf(GuardConfig.scope().properties().stream()
                            .map(PropertyDefinition::name).toList());
            assertThat(all).contains(
                    new EffectiveProperty("fallback.enabled", false, Level.GLOBAL_DEFAULT_FROM_CODE, "code default"),
                    new EffectiveProperty("circuitBreaker.requestVolumeThreshold", 30, Level.DYNAMIC_GLOBAL_DEFAULT,
                            "hystrix.command.default.circuitBreaker.requestVolumeThreshold"),
                    new EffectiveProperty("circuitBreaker.errorThresholdPercentage", 25,
                            Level.INSTANCE_DEFAULT_FROM_CODE, "code"),
                    new EffectiveProperty("execution.isolation.strategy",
                            dev.firebreak.isolation.IsolationStrategy.SEMAPHORE, Level.INSTANCE_DEFAULT_FROM_CODE, "code"),
                    new EffectiveProperty("requestLog.enabled", true, Level.GLOBAL_DEFAULT_FROM_CODE,
                            "library default"));
            GuardConfig config = guard.controls().config();
            for (EffectiveProperty p : all) {
                assertThat(p.value()).isEqualTo(GuardConfig.scope().property(p.key()).get(config));
            }
        }
    }
}
