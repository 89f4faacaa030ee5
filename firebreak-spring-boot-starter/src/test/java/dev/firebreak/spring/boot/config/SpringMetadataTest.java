package dev.firebreak.spring.boot.config;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.GuardRegistry;
import dev.firebreak.config.ConfigScope;
import dev.firebreak.config.PropertyDefinition;
import dev.firebreak.live.ConfigEvent;
import dev.firebreak.live.DynamicConfiguration;
import dev.firebreak.live.MapPropertySource;
import dev.firebreak.live.Scopes;
import dev.firebreak.testkit.ManualClock;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.springframework.boot.configurationmetadata.ConfigurationMetadataProperty;
import org.springframework.boot.configurationmetadata.ConfigurationMetadataRepository;
import org.springframework.boot.configurationmetadata.ConfigurationMetadataRepositoryJsonBuilder;
import org.springframework.boot.configurationmetadata.ValueHint;

/**
 * The IDE metadata the build writes covers every key the starter accepts, as Spring Boot's own reader
 * reads it, and is what the property tables describe today.
 */
class SpringMetadataTest {

    /** Where the build's process-classes step wrote the metadata (the module's directory is the working one). */
    private static final Path WRITTEN = Path.of("target", "classes", SpringMetadata.RESOURCE);

    private static final String TIMEOUT = "firebreak.command.default.execution.isolation.thread.timeoutInMilliseconds";

    @Test
    void theBuildWroteWhatTheTablesDescribeNow() throws IOException {
        assertThat(WRITTEN).as("run the Maven build (process-classes writes it)").exists();
        assertThat(Files.readString(WRITTEN)).isEqualTo(SpringMetadata.json());
    }

    @Test
    void everyKeyTheStarterAcceptsHasMetadata() throws IOException {
        Set<String> described = repository().getAllProperties().keySet();
        List<String> accepted = acceptedKeys();
        assertThat(accepted).contains(TIMEOUT, "hystrix.command.default.execution.isolation.thread.timeoutInMilliseconds",
                "hystrix.threadpool.default.coreSize", "firebreak.retry.default.maxAttempts",
                "firebreak.hedge.default.budget.percent", EnvironmentConfigurationBinder.POLL_INTERVAL)
                .doesNotContain("hystrix.retry.default.maxAttempts"); // retry and hedge are firebreak. only
        assertThat(missing(accepted, described)).isEmpty();
        assertThat(missing(accepted, described.stream().filter(k -> !k.equals(TIMEOUT)).toList()))
                .as("the check sees a key without metadata").containsExactly(TIMEOUT);
    }

    /** The keys binding accepts: each scope's default section in each spelling, and the starter's own keys. */
    private static List<String> acceptedKeys() {
        List<String> keys = new ArrayList<>();
        for (ConfigScope<?, ?> scope : Scopes.all()) {
            for (String prefix : scope.prefixes()) {
                for (PropertyDefinition<?, ?> property : scope.properties()) {
                    keys.add(prefix + "." + scope.segment() + "." + ConfigScope.DEFAULT_INSTANCE + "." + property.name());
                }
            }
        }
        StarterProperties.ROWS.forEach(row -> keys.add(row.key()));
        return keys;
    }

    private static List<String> missing(List<String> accepted, Collection<String> described) {
        Set<String> lookup = Set.copyOf(described);
        return accepted.stream().filter(key -> !lookup.contains(key)).toList();
    }

    @Test
    void everyFirebreakKeyNamedInTheStartersCodeHasMetadata() throws IOException {
        Set<String> named = keysNamedInMainSources();
        assertThat(named).as("the scan sees the starter's keys")
                .contains("firebreak.stream.interval", "firebreak.metrics.enabled", "firebreak.guards");
        assertThat(missing(List.copyOf(named), repository().getAllProperties().keySet())).isEmpty();
    }

    /** Every string literal of the starter's main sources that is a whole firebreak.* or hystrix.* key. */
    private static Set<String> keysNamedInMainSources() throws IOException {
        Pattern literal = Pattern.compile("\"((?:firebreak|hystrix)\\.[A-Za-z0-9.-]*[A-Za-z0-9])\"");
        Set<String> keys = new TreeSet<>();
        try (Stream<Path> files = Files.walk(Path.of("src", "main", "java"))) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                Matcher matcher = literal.matcher(Files.readString(file));
                while (matcher.find()) {
                    keys.add(matcher.group(1));
                }
            }
        }
        return keys;
    }

    @Test
    void springBootsReaderFindsTheTimeoutWithItsDescriptionDefaultAndType() throws IOException {
        Map<String, ConfigurationMetadataProperty> all = repository().getAllProperties();
        ConfigurationMetadataProperty timeout = all.get(TIMEOUT);
        assertThat(timeout).isNotNull();
        assertThat(timeout.getType()).isEqualTo("java.lang.Integer");
        assertThat(timeout.getDefaultValue()).isEqualTo(1000);
        assertThat(timeout.getDescription()).startsWith("The deadline of a call.").contains("integer (millis)",
                "Changes running instances", "firebreak.command.<name>.execution.isolation.thread.timeoutInMilliseconds");

        ConfigurationMetadataProperty hystrix = all.get("hystrix.command.default.execution.isolation.thread.timeoutInMilliseconds");
        assertThat(hystrix.getDefaultValue()).isEqualTo(1000);
        assertThat(hystrix.getDescription())
                .contains("Hystrix-style spelling of " + TIMEOUT + "; when both are set, " + TIMEOUT + " wins.");

        ConfigurationMetadataProperty strategy = all.get("firebreak.command.default.execution.isolation.strategy");
        assertThat(strategy.getType()).isEqualTo("dev.firebreak.isolation.IsolationStrategy");
        assertThat(strategy.getDefaultValue()).isEqualTo("THREAD");
        assertThat(strategy.getDescription()).contains("Fixed when an instance is created");
        assertThat(strategy.getHints().getValueHints()).extracting(ValueHint::getValue)
                .containsExactly("THREAD", "SEMAPHORE", "VIRTUAL");

        assertThat(all.get("firebreak.retry.default.backoff.jitter").getHints().getValueHints())
                .extracting(ValueHint::getValue).containsExactly("NONE", "FULL", "DECORRELATED");
        assertThat(all.get("firebreak.command").getType()).startsWith("java.util.Map");
        assertThat(all.get(EnvironmentConfigurationBinder.POLL_INTERVAL).getDefaultValue()).isEqualTo("1s");
        assertThat(all.get("firebreak.stream.max-connections").getDefaultValue()).isEqualTo(5);
        assertThat(all.get("firebreak.metrics.enabled").getDefaultValue()).isEqualTo(true);
    }

    @Test
    void everyScopeKeyOfTheMetadataAtItsDefaultIsAcceptedByTheLiveConfiguration() throws IOException {
        MapPropertySource source = new MapPropertySource("metadata defaults");
        int scopeKeys = 0;
        for (ConfigurationMetadataProperty property : repository().getAllProperties().values()) {
            if (property.getId().contains("." + ConfigScope.DEFAULT_INSTANCE + ".")) {
                assertThat(property.getDefaultValue()).as(property.getId()).isNotNull();
                source.set(property.getId(), String.valueOf(property.getDefaultValue()));
                scopeKeys++;
            }
        }
        assertThat(scopeKeys).isGreaterThan(100);
        List<ConfigEvent> events = new CopyOnWriteArrayList<>();
        ManualClock clock = new ManualClock();
        try (GuardRegistry registry = GuardRegistry.builder().ticker(clock).scheduler(clock).build();
                DynamicConfiguration configuration = DynamicConfiguration.builder(registry).source(source)
                        .pollInterval(Duration.ZERO).listener(events::add).build()) {
            assertThat(configuration).isNotNull();
            assertThat(events).as("no key unknown, no default refused").extracting(ConfigEvent::message).isEmpty();
        }
    }

    private static ConfigurationMetadataRepository repository() throws IOException {
        try (InputStream json = Files.newInputStream(WRITTEN)) {
            return ConfigurationMetadataRepositoryJsonBuilder.create(json).build();
        }
    }
}
