package dev.firebreak.stream;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.live.DynamicConfiguration;
import dev.firebreak.live.MapPropertySource;
import dev.firebreak.live.PropertySource;
import dev.firebreak.testkit.ManualClock;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The stream carries the live configuration's provenance: each key's source and revision, each source's state. */
class ConfigurationEventTest {

    private static final String TIMEOUT = "firebreak.command.orders.execution.isolation.thread.timeoutInMilliseconds";

    private static List<Map<String, Object>> events(byte[] frame) {
        List<Map<String, Object>> events = new ArrayList<>();
        for (String part : new String(frame, StandardCharsets.UTF_8).split("\n\n")) {
            if (part.startsWith("data: ")) {
                events.add(MiniJson.object(part.substring("data: ".length())));
            }
        }
        return events;
    }

    @Test
    void eachKeyNamesTheSourceAndRevisionInForceAndEachSourceItsState() {
        MapPropertySource file = new MapPropertySource("file");
        file.set(TIMEOUT, "800").set("firebreak.command.orders.circuitBreaker.requestVolumeThreshold", "5");
        PropertySource store = new PropertySource() {
            @Override
            public String name() {
                return "etcd";
            }

            @Override
            public Map<String, String> read() {
                return Map.of(TIMEOUT, "300");
            }

            @Override
            public String snapshotRevision() {
                return "42";
            }
        };
        try (GuardRegistry registry = GuardRegistry.builder().clock(new ManualClock()).build();
                DynamicConfiguration configuration = DynamicConfiguration.builder(registry).source(file).source(store)
                        .pollInterval(Duration.ZERO).build()) {
            registry.guard("orders").isolation(Isolation.semaphore(10)).build();
            Map<String, Object> provenance = events(new StreamFrames(registry).build(1_000L)).stream()
                    .filter(e -> "FirebreakConfiguration".equals(e.get("type"))).findFirst().orElseThrow();
            assertThat(provenance).containsEntry("name", "configuration").containsEntry("currentTime", 1_000L);
            @SuppressWarnings("unchecked")
            Map<String, Map<String, Object>> keys = (Map<String, Map<String, Object>>) provenance.get("keys");
            assertThat(keys.get(TIMEOUT)).as("the later source wins").containsEntry("source", "etcd").containsEntry("revision", "42");
            assertThat(keys.get("firebreak.command.orders.circuitBreaker.requestVolumeThreshold"))
                    .containsEntry("source", "file").containsEntry("revision", MiniJson.NULL);
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> sources = (List<Map<String, Object>>) provenance.get("sources");
            assertThat(sources).extracting(s -> s.get("name")).containsExactly("file", "etcd");
            assertThat(sources).allSatisfy(s -> assertThat(s).containsEntry("failing", false));
        }
    }

    @Test
    void aRegistryWithoutLiveConfigurationSendsNone() {
        try (GuardRegistry registry = GuardRegistry.builder().clock(new ManualClock()).build()) {
            registry.guard("orders").isolation(Isolation.semaphore(10)).build();
            assertThat(events(new StreamFrames(registry).build(1_000L))).extracting(e -> e.get("type"))
                    .containsExactly("HystrixCommand");
        }
    }
}
