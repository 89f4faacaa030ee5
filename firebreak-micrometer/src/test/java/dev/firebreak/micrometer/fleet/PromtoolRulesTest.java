package dev.firebreak.micrometer.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The shipped rules through Prometheus's own tool (Debian's prometheus package installs
 * {@code /usr/bin/promtool}): {@code check rules}, then {@code test rules} on
 * {@code dashboards/prometheus/firebreak-rules-test.yml}, which feeds series in virtual time and checks
 * that every alert stays pending for its shipped {@code for:}, then fires with its labels and
 * annotations, and clears; FleetPrometheusTest cannot wait those minutes in real time.
 */
class PromtoolRulesTest {

    private static final Path PROMTOOL = Path.of("/usr/bin/promtool");

    @Test
    void theRulesAreValidAndTheirAlertsFireAfterTheirShippedForDurations() throws Exception {
        if (!Files.isExecutable(PROMTOOL)) {
            String reason = "promtool tests skipped: Debian's prometheus package is not installed (no " + PROMTOOL
                    + "). ./firebreak test installs it when run as root; otherwise: sudo apt-get install -y prometheus";
            System.err.println("*** " + reason);
            Assumptions.abort(reason);
        }
        Path rules = Dashboards.prometheusRules();
        assertThat(promtool("check", "rules", rules.toString()))
                .contains("SUCCESS: " + Dashboards.declaredRules(Dashboards.rulesText()) + " rules found");
        Path tests = rules.resolveSibling("firebreak-rules-test.yml");
        String alertsTested = Files.readString(tests);
        for (String alert : List.of("FirebreakCircuitOpen", "FirebreakErrorRateHigh", "FirebreakRejections",
                "FirebreakRetryBudgetExhausted", "FirebreakLimitAtFloor")) {
            assertThat(alertsTested).as("the unit tests cover " + alert).contains("alertname: " + alert + "\n");
        }
        assertThat(promtool("test", "rules", tests.toString())).contains("SUCCESS");
    }

    private static String promtool(String... arguments) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of(PROMTOOL.toString()));
        command.addAll(List.of(arguments));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        byte[] output;
        try (var in = process.getInputStream()) {
            output = in.readAllBytes(); // ends when promtool exits (it writes little)
        }
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("promtool " + String.join(" ", arguments) + " did not end in 60 s");
        }
        String text = new String(output, StandardCharsets.UTF_8);
        assertThat(process.exitValue()).as("promtool " + String.join(" ", arguments) + " exit code; its output:\n" + text).isZero();
        return text;
    }
}
