package dev.firebreak.spring.boot.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.firebreak.config.InvalidConfigException;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Base configurations resolved in a snapshot: a pure function of the snapshot. */
class BaseConfigsTest {

    private static final String TIMEOUT = "execution.isolation.thread.timeoutInMilliseconds";
    private static final String THRESHOLD = "circuitBreaker.errorThresholdPercentage";

    @Test
    void aGuardTakesEveryBasePropertyItDoesNotSetItselfInEitherSpelling() {
        Map<String, String> resolved = BaseConfigs.apply(Map.of(
                "firebreak.configs.slow." + TIMEOUT, "3000",
                "firebreak.configs.slow." + THRESHOLD, "30",
                "firebreak.configs.slow.circuitBreaker.requestVolumeThreshold", "7",
                "firebreak.command.orders.baseConfig", " slow ",
                "firebreak.command.orders." + THRESHOLD, "20",
                "hystrix.command.orders." + TIMEOUT, "2500",
                "firebreak.command.payments." + TIMEOUT, "400"));
        assertThat(resolved)
                .containsEntry("firebreak.command.orders.circuitBreaker.requestVolumeThreshold", "7")
                .containsEntry("firebreak.command.orders." + THRESHOLD, "20") // its own key wins
                .containsEntry("hystrix.command.orders." + TIMEOUT, "2500") // in either spelling
                .doesNotContainKey("firebreak.command.orders." + TIMEOUT)
                .doesNotContainKey("firebreak.command.orders.baseConfig") // consumed: not an unknown key
                .containsEntry("firebreak.command.payments." + TIMEOUT, "400")
                .doesNotContainKey("firebreak.command.payments." + THRESHOLD); // no base, nothing added
        assertThat(resolved.keySet().stream().filter(k -> k.startsWith("firebreak.command.payments."))).hasSize(1);
    }

    @Test
    void guardAndBaseNamesMayContainDotsAndASnapshotWithoutBasesIsReturnedAsItIs() {
        Map<String, String> resolved = BaseConfigs.apply(Map.of(
                "firebreak.configs.team.a." + TIMEOUT, "3000",
                "firebreak.command.random.org.baseConfig", "team.a"));
        assertThat(resolved).containsExactlyInAnyOrderEntriesOf(Map.of(
                "firebreak.configs.team.a." + TIMEOUT, "3000",
                "firebreak.command.random.org." + TIMEOUT, "3000"));

        Map<String, String> plain = Map.of("firebreak.command.orders." + TIMEOUT, "400");
        assertThat(BaseConfigs.apply(plain)).isSameAs(plain);
    }

    @Test
    void anUndefinedBaseIsRefusedNamingKeyValueRuleAndTheDefinedBases() {
        assertThatThrownBy(() -> BaseConfigs.apply(Map.of(
                "firebreak.configs.slow." + TIMEOUT, "3000",
                "firebreak.configs.fast." + TIMEOUT, "200",
                "firebreak.command.orders.baseConfig", "slwo")))
                .isInstanceOf(InvalidConfigException.class)
                .hasMessage("firebreak.command.orders.baseConfig = slwo: must name a base configuration defined under"
                        + " firebreak.configs.<name>.* (defined: fast, firebreak-bulkhead, firebreak-rate-limiter, slow)");
        assertThatThrownBy(() -> BaseConfigs.apply(Map.of("firebreak.command.orders.baseConfig", "slow")))
                .hasMessageEndingWith("(defined: firebreak-bulkhead, firebreak-rate-limiter)"); // the built-in ones
    }

    @Test
    void noChainNoCycleAndNoBaseForTheDefaultSection() {
        assertThatThrownBy(() -> BaseConfigs.apply(Map.of(
                "firebreak.configs.a." + TIMEOUT, "3000",
                "firebreak.configs.b." + TIMEOUT, "3000",
                "firebreak.configs.a.baseConfig", "b",
                "firebreak.configs.b.baseConfig", "a")))
                .hasMessageStartingWith("firebreak.configs.a.baseConfig = b: a base configuration cannot have a base");
        assertThatThrownBy(() -> BaseConfigs.apply(Map.of(
                "firebreak.configs.slow." + TIMEOUT, "3000",
                "firebreak.command.default.baseConfig", "slow")))
                .hasMessageStartingWith("firebreak.command.default.baseConfig = slow: the default section cannot have a base");
    }

    @Test
    void aBaseKeyNamingNoPropertyOrABadValueIsRefusedUnderTheBasesOwnKey() {
        assertThatThrownBy(() -> BaseConfigs.apply(Map.of("firebreak.configs.slow.circuitBreaker.enabeld", "true")))
                .hasMessage("firebreak.configs.slow.circuitBreaker.enabeld = true: names no guard property;"
                        + " firebreak.configs.<name>.<property> takes the properties of firebreak.command.default.*");
        assertThatThrownBy(() -> BaseConfigs.apply(Map.of("firebreak.configs.slow." + TIMEOUT, "soon")))
                .hasMessage("firebreak.configs.slow." + TIMEOUT + " = soon: must be an integer");
        assertThatThrownBy(() -> BaseConfigs.apply(Map.of("firebreak.configs.slow." + THRESHOLD, "140")))
                .hasMessageStartingWith("firebreak.configs.slow." + THRESHOLD + " = 140: must be");
        assertThatThrownBy(() -> BaseConfigs.apply(Map.of("firebreak.configs." + TIMEOUT, "3000")))
                .as("a base needs a name").hasMessageContaining("names no guard property");
    }

    @Test
    void theBuiltInBasesMakeAGuardOnePartAloneAndTheGuardsOwnKeysStillWin() {
        Map<String, String> resolved = BaseConfigs.apply(Map.of(
                "firebreak.command.partner.baseConfig", "firebreak-rate-limiter",
                "firebreak.command.partner.rateLimit.permitsPerSecond", "50",
                "firebreak.command.pool.baseConfig", "firebreak-bulkhead",
                "firebreak.command.pool.execution.isolation.semaphore.maxConcurrentRequests", "4",
                "firebreak.command.pool.execution.timeout.enabled", "true"));
        assertThat(resolved)
                .containsEntry("firebreak.command.partner.rateLimit.enabled", "true")
                .containsEntry("firebreak.command.partner.rateLimit.permitsPerSecond", "50")
                .containsEntry("firebreak.command.partner.circuitBreaker.enabled", "false")
                .containsEntry("firebreak.command.partner.execution.timeout.enabled", "false")
                .containsEntry("firebreak.command.partner.execution.isolation.strategy", "SEMAPHORE")
                .containsEntry("firebreak.command.pool.execution.isolation.strategy", "SEMAPHORE")
                .containsEntry("firebreak.command.pool.execution.isolation.semaphore.maxConcurrentRequests", "4")
                .containsEntry("firebreak.command.pool.circuitBreaker.enabled", "false")
                .containsEntry("firebreak.command.pool.execution.timeout.enabled", "true") // its own key wins
                .doesNotContainKey("firebreak.command.pool.rateLimit.enabled");
    }

    @Test
    void anApplicationsBaseOfABuiltInNameReplacesIt() {
        Map<String, String> resolved = BaseConfigs.apply(Map.of(
                "firebreak.configs.firebreak-bulkhead.execution.isolation.semaphore.maxConcurrentRequests", "3",
                "firebreak.command.pool.baseConfig", "firebreak-bulkhead"));
        assertThat(resolved).containsEntry("firebreak.command.pool.execution.isolation.semaphore.maxConcurrentRequests", "3")
                .doesNotContainKey("firebreak.command.pool.circuitBreaker.enabled");
    }
}
