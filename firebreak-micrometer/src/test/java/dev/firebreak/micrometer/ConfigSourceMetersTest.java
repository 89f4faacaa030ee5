package dev.firebreak.micrometer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.GuardRegistry;
import dev.firebreak.live.DynamicConfiguration;
import dev.firebreak.live.PropertySource;
import dev.firebreak.testkit.ManualClock;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** A live configuration source that cannot be read shows as failing, with how long, until it is back. */
class ConfigSourceMetersTest {

    @Test
    void aFailingSourceIsMeteredWithHowLongItHasFailed() {
        ManualClock clock = new ManualClock();
        boolean[] down = {false};
        PropertySource store = new PropertySource() {
            @Override
            public String name() {
                return "etcd";
            }

            @Override
            public Map<String, String> read() throws IOException {
                if (down[0]) {
                    throw new IOException("no answer");
                }
                return Map.of();
            }
        };
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        try (GuardRegistry registry = GuardRegistry.builder().clock(clock).build();
                DynamicConfiguration configuration = DynamicConfiguration.builder(registry).source(store)
                        .pollInterval(Duration.ZERO).build();
                FirebreakMetrics binder = new FirebreakMetrics(registry)) {
            binder.bindTo(meters);
            assertThat(meters.get("firebreak.config.source.failing").tag("source", "etcd").gauge().value()).isZero();

            down[0] = true;
            configuration.refresh();
            clock.advance(Duration.ofSeconds(7));
            assertThat(meters.get("firebreak.config.source.failing").tag("source", "etcd").gauge().value()).isEqualTo(1.0);
            assertThat(meters.get("firebreak.config.source.failing.duration").tag("source", "etcd").timeGauge()
                    .value(TimeUnit.SECONDS)).isEqualTo(7.0);

            down[0] = false;
            configuration.refresh();
            assertThat(meters.get("firebreak.config.source.failing").tag("source", "etcd").gauge().value()).isZero();
            assertThat(meters.get("firebreak.config.source.failing.duration").tag("source", "etcd").timeGauge()
                    .value(TimeUnit.SECONDS)).isZero();
        }
        assertThat(meters.find("firebreak.config.source.failing").gauges()).as("removed with the binder").isEmpty();
    }
}
