package dev.firebreak.lab.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The fleet demo's ports, its Prometheus configuration and its command line, without starting anything. */
class FleetPortsTest {

    @Test
    void fromABaseEveryPartHasItsOwnPort() {
        FleetPorts ports = FleetPorts.from(7979);
        assertThat(ports.streams()).containsExactly(7980, 7981, 7982);
        assertThat(ports.metrics()).containsExactly(7990, 7991, 7992);
        assertThat(ports.aggregate()).isEqualTo(7983);
        assertThat(ports.prometheus()).isEqualTo(7984);
        assertThat(FleetPorts.from(65_535 - FleetPorts.SPAN).metrics().getLast()).isEqualTo(65_535);
    }

    @Test
    void baseZeroPicksEightDistinctFreePorts() {
        FleetPorts ports = FleetPorts.from(0);
        Set<Integer> all = new HashSet<>(ports.streams());
        all.addAll(ports.metrics());
        all.add(ports.aggregate());
        all.add(ports.prometheus());
        assertThat(all).hasSize(8).allSatisfy(port -> assertThat(port).isPositive());
    }

    @Test
    void aBaseTooHighIsRefusedNamingTheRule() throws InterruptedException {
        assertThatThrownBy(() -> FleetPorts.from(65_530)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("--port: 65530 must be 0 (free ports) or from 1 to 65522");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertThat(run(out, "--fleet", "--port", "65530")).isEqualTo(2);
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("65530 must be 0").contains(DemoCommand.USAGE);
        for (String[] args : List.of(new String[] {"--duration", "0"}, new String[] {"--duration"},
                new String[] {"--fleet", "--duration", "soon"})) {
            ByteArrayOutputStream bad = new ByteArrayOutputStream();
            assertThat(run(bad, args)).isEqualTo(2);
            assertThat(bad.toString(StandardCharsets.UTF_8)).contains("--duration needs a number of seconds from 1");
        }
    }

    @Test
    void prometheusScrapesTheThreeMetricsEndpointsAndLoadsTheRulesWhenGiven() {
        String yaml = PrometheusProcess.configuration(List.of("127.0.0.1:7990", "127.0.0.1:7991"), Path.of("/tmp/it's/rules.yml"));
        assertThat(yaml).contains("scrape_interval: 2s").contains("job_name: firebreak-demo").contains("metrics_path: /metrics")
                .contains("targets: ['127.0.0.1:7990', '127.0.0.1:7991']").contains("rule_files:\n  - '/tmp/it''s/rules.yml'");
        assertThat(PrometheusProcess.configuration(List.of("127.0.0.1:7990"), null)).doesNotContain("rule_files");
    }

    private static int run(ByteArrayOutputStream out, String... args) throws InterruptedException {
        return DemoCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8));
    }
}
