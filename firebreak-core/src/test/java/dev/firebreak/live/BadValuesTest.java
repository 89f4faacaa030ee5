package dev.firebreak.live;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.Guard;
import dev.firebreak.Isolation;
import dev.firebreak.config.ConfigScope;
import dev.firebreak.config.PropertyDefinition;
import dev.firebreak.config.ValueType;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every property, tried with bad values: refused with key, value and rule; the last valid value stays. */
class BadValuesTest {

    private static final List<String> BAD_INTEGERS = List.of("abc", "", "  ", "1.5", "2147483648", "-2147483649",
            "99999999999999999999", "0x10", "1e3", "1_000", "١٢", "5 ms", "--1");
    private static final List<String> BAD_BOOLEANS = List.of("maybe", "1", "", "tru", "true false", "T");
    private static final List<String> BAD_ENUMS = List.of("NOPE", "", "THREAD,SEMAPHORE", "TIMER_", "1");

    /** Values breaking a property's own rule, written by hand from the rules (not derived from the code). */
    private static final Map<String, List<String>> RULE_BREAKERS = Map.ofEntries(
            Map.entry("command:execution.isolation.thread.timeoutInMilliseconds", List.of("0", "-5")),
            Map.entry("command:execution.isolation.semaphore.maxConcurrentRequests", List.of("-1")),
            Map.entry("command:execution.isolation.virtual.maxConcurrentRequests", List.of("-1")),
            Map.entry("command:execution.isolation.semaphore.maxWaitInMilliseconds", List.of("-1", "60001")),
            Map.entry("command:execution.isolation.virtual.maxWaitInMilliseconds", List.of("-1", "60001")),
            Map.entry("command:fallback.isolation.semaphore.maxConcurrentRequests", List.of("-1", "-2147483648")),
            Map.entry("command:circuitBreaker.requestVolumeThreshold", List.of("-1")),
            Map.entry("command:circuitBreaker.sleepWindowInMilliseconds", List.of("0", "-1")),
            Map.entry("command:circuitBreaker.errorThresholdPercentage", List.of("101", "-1", "2147483647")),
            Map.entry("command:circuitBreaker.halfOpenTrialCalls", List.of("0", "-3")),
            Map.entry("command:circuitBreaker.slowCallDurationThresholdInMilliseconds", List.of("-1")),
            Map.entry("command:circuitBreaker.slowCallThresholdPercentage", List.of("0", "101")),
            Map.entry("command:circuitBreaker.slidingWindowSize", List.of("0", "1000001")),
            Map.entry("command:metrics.rollingStats.timeInMilliseconds", List.of("0", "-10000")),
            Map.entry("command:metrics.rollingStats.numBuckets", List.of("0", "-10")),
            Map.entry("command:metrics.rollingPercentile.timeInMilliseconds", List.of("0", "-60000")),
            Map.entry("command:metrics.rollingPercentile.numBuckets", List.of("0", "-6")),
            Map.entry("command:metrics.rollingPercentile.bucketSize", List.of("0", "-100")),
            Map.entry("command:metrics.healthSnapshot.intervalInMilliseconds", List.of("0", "-500")),
            Map.entry("command:limit.initialLimit", List.of("0", "-1")),
            Map.entry("command:limit.minLimit", List.of("0", "-1")),
            Map.entry("command:limit.maxLimit", List.of("0", "-5")),
            Map.entry("command:limit.aimd.backoffPercent", List.of("49", "100")),
            Map.entry("command:limit.aimd.latencyThresholdInMilliseconds", List.of("-1")),
            Map.entry("command:limit.gradient2.smoothingPercent", List.of("0", "101")),
            Map.entry("command:limit.gradient2.rttTolerancePercent", List.of("99", "-150")),
            Map.entry("command:limit.gradient2.longWindow", List.of("0")),
            Map.entry("command:limit.gradient2.queueSize", List.of("-1")),
            Map.entry("command:limit.vegas.alpha", List.of("0")),
            Map.entry("command:limit.vegas.beta", List.of("0")),
            Map.entry("command:limit.vegas.smoothingPercent", List.of("0", "101")),
            Map.entry("command:limit.vegas.probeMultiplier", List.of("0")),
            Map.entry("command:rateLimit.permitsPerSecond", List.of("0", "-5")),
            Map.entry("command:rateLimit.burst", List.of("-1")),
            Map.entry("command:rateLimit.window", List.of("0", "-1")),
            Map.entry("command:rateLimit.maxWaitInMilliseconds", List.of("-1")),
            Map.entry("command:chaos.latencyInMilliseconds", List.of("-1")),
            Map.entry("command:chaos.ttlInMilliseconds", List.of("-1")),
            Map.entry("command:chaos.rate", List.of("1.5", "-0.1")),
            Map.entry("command:chaos.criticalities", List.of("URGENT", "CRITICAL,low")),
            Map.entry("command:priority.targetUtilizationPercent", List.of("49", "101")),
            Map.entry("command:priority.calibrationIntervalInMilliseconds", List.of("9", "10001")),
            Map.entry("command:priority.share.criticalPlusPercent", List.of("-1", "101")),
            Map.entry("command:priority.share.criticalPercent", List.of("-1", "101")),
            Map.entry("command:priority.share.sheddablePlusPercent", List.of("-1", "101")),
            Map.entry("command:priority.share.sheddablePercent", List.of("-1", "101")),
            Map.entry("threadpool:coreSize", List.of("0", "-1")),
            Map.entry("threadpool:maximumSize", List.of("0", "-1")),
            Map.entry("threadpool:maxQueueSize", List.of("0", "-2")),
            Map.entry("threadpool:queueSizeRejectionThreshold", List.of("-1")),
            Map.entry("threadpool:keepAliveTimeMinutes", List.of("-1")),
            Map.entry("threadpool:metrics.rollingStats.timeInMilliseconds", List.of("0")),
            Map.entry("threadpool:metrics.rollingStats.numBuckets", List.of("0")),
            Map.entry("collapser:maxRequestsInBatch", List.of("0", "-1")),
            Map.entry("collapser:timerDelayInMilliseconds", List.of("-1")),
            Map.entry("collapser:loadAware.maxBatchesInFlight", List.of("-1")),
            Map.entry("collapser:loadAware.lingerInMicroseconds", List.of("-1")),
            Map.entry("collapser:loadAware.lingerGapInMicroseconds", List.of("-1")),
            Map.entry("collapser:metrics.rollingStats.timeInMilliseconds", List.of("0")),
            Map.entry("collapser:metrics.rollingStats.numBuckets", List.of("0")),
            Map.entry("collapser:metrics.rollingPercentile.timeInMilliseconds", List.of("0")),
            Map.entry("collapser:metrics.rollingPercentile.numBuckets", List.of("0")),
            Map.entry("collapser:metrics.rollingPercentile.bucketSize", List.of("0")),
            Map.entry("retry:maxAttempts", List.of("0", "101", "-1")),
            Map.entry("retry:backoff.initialInMilliseconds", List.of("-1")),
            Map.entry("retry:backoff.maxInMilliseconds", List.of("-1")),
            Map.entry("retry:backoff.multiplier", List.of("0", "0.99", "11", "10.01")),
            Map.entry("retry:deadlineInMilliseconds", List.of("-1")),
            Map.entry("retry:serverDelay.maxInMilliseconds", List.of("-1")),
            Map.entry("retry:budget.percent", List.of("101", "-1")),
            Map.entry("retry:budget.minPerSecond", List.of("-1")),
            Map.entry("retry:budget.windowInMilliseconds", List.of("0", "15")),
            Map.entry("retry:throttle.maxTokens", List.of("0", "-3")),
            Map.entry("retry:throttle.tokenRatio", List.of("0", "1.5", "-0.2")),
            Map.entry("hedge:delay.fixedInMilliseconds", List.of("-1")),
            Map.entry("hedge:delay.percentile", List.of("42", "49", "100")),
            Map.entry("hedge:delay.minInMilliseconds", List.of("-1")),
            Map.entry("hedge:maxHedges", List.of("-1", "11")),
            Map.entry("hedge:budget.percent", List.of("101", "-1")),
            Map.entry("hedge:budget.minPerSecond", List.of("-1")),
            Map.entry("hedge:budget.windowInMilliseconds", List.of("0", "15")),
            Map.entry("hedge:throttle.maxTokens", List.of("0", "-3")),
            Map.entry("hedge:throttle.tokenRatio", List.of("0", "1.5")));

    static Stream<Arguments> everyProperty() {
        return Scopes.all().stream().flatMap(s -> s.properties().stream().map(p -> Arguments.of(s, p)));
    }

    private static List<String> badValues(ConfigScope<?, ?> scope, PropertyDefinition<?, ?> p) {
        List<String> bad = new ArrayList<>(switch (p.type()) {
            case ValueType.IntegerType i -> BAD_INTEGERS;
            case ValueType.DurationType d -> BAD_INTEGERS;
            case ValueType.BooleanType b -> BAD_BOOLEANS;
            case ValueType.DecimalType d -> List.of("", "x", "1e3", "NaN", "0.2.1");
            case ValueType.EnumType<?> e -> BAD_ENUMS;
            case ValueType.ThrowableTypes t -> List.of("com.example.Missing", "java.lang.String",
                    "java.io.IOException, no.such.Type");
            case ValueType.PredicateNameType n -> List.of("two names", "a,b", "unknownPredicate");
            case ValueType.NamesType n -> List.of("two names", "a, b c");
        });
        bad.addAll(RULE_BREAKERS.getOrDefault(scope.segment() + ":" + p.name(), List.of()));
        return bad;
    }

    @Test
    void everyIntegerPropertyHasHandWrittenRuleBreakers() {
        for (ConfigScope<?, ?> scope : Scopes.all()) {
            for (PropertyDefinition<?, ?> p : scope.properties()) {
                if (p.type() instanceof ValueType.IntegerType || p.type() instanceof ValueType.DurationType) {
                    assertThat(RULE_BREAKERS).as("rule breakers for %s:%s", scope, p)
                            .containsKey(scope.segment() + ":" + p.name());
                }
            }
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("everyProperty")
    void aBadValueIsRefusedNamingKeyValueAndRuleAndTheLastValidValueStays(ConfigScope<?, ?> scope,
            PropertyDefinition<?, ?> p) {
        try (Fixture f = new Fixture()) {
            Supplier<Object> running = Harness.create(f, scope, "target");
            String key = "firebreak." + scope.segment() + ".target." + p.name();
            PropertyDefinition<?, ?> companion = scope.properties().stream()
                    .filter(c -> c.live() && c != p).findFirst().orElseThrow();
            String weakestPrefix = scope.prefixes().get(scope.prefixes().size() - 1); // hystrix, where the scope has it
            String companionKey = weakestPrefix + "." + scope.segment() + ".target." + companion.name();
            List<Object> companionSamples = Harness.samples(scope, companion);
            Object valid = Harness.samples(scope, p).get(0);
            Object before = Harness.get(p, running.get());
            f.source.set(key, Harness.text(p, valid));
            Object inForce = Harness.get(p, running.get());
            assertThat(inForce).isEqualTo(p.live() ? valid : before);

            int round = 0;
            for (String bad : badValues(scope, p)) {
                Object companionValue = companionSamples.get(round++ % companionSamples.size());
                f.events.clear();
                f.source.setAll(Map.of(key, bad, companionKey, Harness.text(companion, companionValue)));

                assertThat(f.events(ConfigEvent.Kind.REFUSED)).as("refusal of %s = '%s'", key, bad).singleElement()
                        .satisfies(e -> {
                            assertThat(e.key()).isEqualTo(key);
                            assertThat(e.value()).isEqualTo(bad);
                            assertThat(e.property()).isEqualTo(p.name());
                            assertThat(e.message()).contains(key, " = " + bad + ":", "must", "keeping " + Harness.text(p, valid));
                        });
                assertThat(Harness.get(p, running.get())).isEqualTo(inForce);
                assertThat(Harness.get(companion, running.get())).as("the other line applies").isEqualTo(companionValue);
                f.source.set(key, Harness.text(p, valid)); // back to the valid text between tries
            }

            Supplier<Object> reference = Harness.create(f, scope, "reference");
            f.source.set("firebreak." + scope.segment() + ".target2." + p.name(), badValues(scope, p).get(0));
            Supplier<Object> fresh = Harness.create(f, scope, "target2");
            assertThat(Harness.get(p, fresh.get())).as("a value never valid leaves the weaker layers in force")
                    .isEqualTo(Harness.get(p, reference.get()));
        }
    }

    @Test
    void aLastValidValueAlsoReachesInstancesCreatedAfterTheRefusal() {
        try (Fixture f = new Fixture()) {
            f.source.set("firebreak.command.default.execution.isolation.strategy", "SEMAPHORE");
            f.source.set("firebreak.command.default.execution.isolation.strategy", "SEMAFORE");
            Guard later = f.registry.guard("later").build();
            assertThat(later.controls().isolationStrategy()).isEqualTo(dev.firebreak.isolation.IsolationStrategy.SEMAPHORE);
        }
    }

    @Test
    void aWindowItsBucketsDoNotDivideIsRefusedOnTheWholeRecordKeepingThePreviousValues() {
        try (Fixture f = new Fixture()) {
            Guard sevenSeconds = f.registry.guard("seven").isolation(Isolation.semaphore(1))
                    .configure(c -> c.metrics(mt -> mt.rollingStatsWindow(Duration.ofMillis(7000)))).build();
            f.source.set("firebreak.command.default.metrics.rollingStats.numBuckets", "7");
            f.events.clear();

            // valid for a guard whose window is 7 s in code, invalid for one on the 10 s default
            Guard seven = f.registry.guard("seven-b").isolation(Isolation.semaphore(1))
                    .configure(c -> c.metrics(mt -> mt.rollingStatsWindow(Duration.ofMillis(7000)))).build();
            Guard ten = f.registry.guard("ten").isolation(Isolation.semaphore(1)).build();

            assertThat(seven.controls().config().metrics().rollingStatsBuckets()).isEqualTo(7);
            assertThat(ten.controls().config().metrics().rollingStatsBuckets()).isEqualTo(10);
            assertThat(ten.controls().config().metrics().rollingStatsWindow().toMillis()).isEqualTo(10000);
            assertThat(f.events(ConfigEvent.Kind.REFUSED)).singleElement().satisfies(e -> {
                assertThat(e.instance()).isEqualTo("ten");
                assertThat(e.key()).isEqualTo("firebreak.command.default.metrics.rollingStats.numBuckets");
                assertThat(e.message()).contains("firebreak.command.default.metrics.rollingStats.numBuckets = 7",
                        "must divide evenly by metrics.rollingStats.numBuckets (7)", "keeping 10");
            });
            // the guard that existed before: a window cannot change while it runs
            assertThat(sevenSeconds.controls().config().metrics().rollingStatsBuckets()).isEqualTo(10);
        }
    }

    @Test
    void bothSidesOfABrokenWindowAreRefusedWhenBothChanged() {
        try (Fixture f = new Fixture()) {
            f.source.setAll(Map.of("firebreak.command.w.metrics.rollingPercentile.timeInMilliseconds", "50000",
                    "firebreak.command.w.metrics.rollingPercentile.numBuckets", "7",
                    "firebreak.command.w.execution.isolation.thread.timeoutInMilliseconds", "333"));
            Guard w = f.registry.guard("w").isolation(Isolation.semaphore(1)).build();
            assertThat(w.controls().config().metrics().percentileWindow().toMillis()).isEqualTo(60000);
            assertThat(w.controls().config().metrics().percentileBuckets()).isEqualTo(6);
            assertThat(w.controls().config().timeout().timeout().toMillis()).isEqualTo(333);
            assertThat(f.events(ConfigEvent.Kind.REFUSED)).extracting(ConfigEvent::property).containsExactlyInAnyOrder(
                    "metrics.rollingPercentile.timeInMilliseconds", "metrics.rollingPercentile.numBuckets");
        }
    }

    @Test
    void aListenerThatThrowsDoesNotStopTheChangeOrTheOtherListeners() {
        try (Fixture f = new Fixture(b -> b.listener(e -> {
            throw new IllegalStateException("listener bug");
        }))) {
            Guard g = f.semaphoreGuard("g", c -> { });
            f.source.set("firebreak.command.g.fallback.enabled", "false");
            assertThat(g.controls().config().fallback().enabled()).isFalse();
            assertThat(f.events(ConfigEvent.Kind.APPLIED)).hasSize(1);
        }
    }
}
