package dev.firebreak.micrometer.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.firebreak.micrometer.fleet.Dashboards.PanelQuery;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The structure of {@code dashboards/grafana/firebreak.json}. Grafana itself is not installable here
 * (no Debian package, no network install in the build), so its import is not exercised: this checks
 * the JSON against what Grafana's dashboard model requires, and {@link FleetPrometheusTest} runs every
 * query of its panels and variables through a real Prometheus.
 */
class GrafanaDashboardTest {

    private static final String DATASOURCE = "${datasource}";
    private final JsonNode dashboard = Dashboards.dashboard(); // fails here if the file is not valid JSON

    @Test
    void theDashboardHasItsIdentitySchemaAndVariables() {
        System.out.println("Grafana is not installable here: the dashboard's structure is checked, its queries run in FleetPrometheusTest");
        assertThat(dashboard.path("schemaVersion").asInt()).as("schemaVersion of a current Grafana").isGreaterThanOrEqualTo(39);
        assertThat(dashboard.path("uid").asText()).isEqualTo("firebreak-fleet");
        assertThat(dashboard.path("title").asText()).isNotBlank();
        assertThat(dashboard.path("id").isNull()).as("no id: Grafana assigns one on import").isTrue();

        JsonNode datasource = Dashboards.variable(dashboard, "datasource");
        assertThat(datasource.path("type").asText()).isEqualTo("datasource");
        assertThat(datasource.path("query").asText()).isEqualTo("prometheus");

        JsonNode application = Dashboards.variable(dashboard, "application");
        assertThat(application.path("type").asText()).isEqualTo("query");
        for (String name : List.of("instance", "guard")) {
            JsonNode variable = Dashboards.variable(dashboard, name);
            assertThat(variable.path("type").asText()).as(name).isEqualTo("query");
            assertThat(variable.path("multi").asBoolean()).as(name + " is multi-value").isTrue();
            assertThat(variable.path("includeAll").asBoolean()).as(name + " includes All").isTrue();
            assertThat(variable.path("allValue").asText()).as(name + "'s All matches every value").isEqualTo(".*");
        }
        for (String name : List.of("application", "instance", "guard")) {
            JsonNode variable = Dashboards.variable(dashboard, name);
            assertThat(variable.path("datasource").path("uid").asText()).as(name + "'s datasource").isEqualTo(DATASOURCE);
            String[] labelValues = Dashboards.labelValues(Dashboards.variableQuery(variable));
            assertThat(labelValues[1]).as(name + " lists the label of its own name").isEqualTo(name);
            assertThat(labelValues[0]).as(name + " lists a vocabulary series").startsWith("firebreak_");
        }
        // each variable narrows by the ones before it
        assertThat(Dashboards.variableQuery(Dashboards.variable(dashboard, "instance"))).contains("$application");
        assertThat(Dashboards.variableQuery(Dashboards.variable(dashboard, "guard"))).contains("$application").contains("$instance");
    }

    @Test
    void everyPanelQueriesPrometheusThroughTheVariables() {
        List<JsonNode> panels = Dashboards.panels(dashboard);
        assertThat(panels).hasSizeGreaterThan(8);
        Set<Integer> ids = new HashSet<>();
        boolean repeatedByGuard = false;
        for (JsonNode panel : panels) {
            String title = panel.path("title").asText();
            assertThat(ids.add(panel.path("id").asInt())).as("unique id of " + title).isTrue();
            JsonNode grid = panel.path("gridPos");
            assertThat(grid.path("x").asInt() + grid.path("w").asInt()).as(title + " fits 24 columns").isBetween(1, 24);
            assertThat(grid.path("h").asInt()).as(title + " has a height").isPositive();
            if ("row".equals(panel.path("type").asText())) {
                repeatedByGuard |= "guard".equals(panel.path("repeat").asText());
                continue;
            }
            assertThat(panel.path("datasource").path("uid").asText()).as(title + "'s datasource").isEqualTo(DATASOURCE);
            assertThat(panel.path("targets").size()).as(title + " has queries").isPositive();
            for (JsonNode target : panel.path("targets")) {
                assertThat(target.path("datasource").path("uid").asText()).as(title + " query's datasource").isEqualTo(DATASOURCE);
                assertThat(target.path("refId").asText()).as(title + " query's refId").isNotBlank();
                assertThat(target.path("expr").asText()).as(title + " query's expression").isNotBlank().contains("firebreak_")
                        .contains("application=~\"$application\"").contains("instance=~\"$instance\"").contains("guard=~\"$guard\"");
            }
        }
        assertThat(repeatedByGuard).as("a row repeated per guard").isTrue();

        String all = Dashboards.panelQueries(dashboard).stream().map(PanelQuery::expr).reduce("", String::concat);
        for (String series : List.of("firebreak_calls_total", "firebreak_call_duration_seconds_bucket", "firebreak_breaker_state",
                "firebreak_fallbacks_total", "firebreak_retry_events_total", "firebreak_limit", "firebreak_limit_floor")) {
            assertThat(all).as("some panel shows " + series).contains(series + "{");
        }
        assertThat(all).contains("histogram_quantile(0.99").contains("$__rate_interval");
    }
}
