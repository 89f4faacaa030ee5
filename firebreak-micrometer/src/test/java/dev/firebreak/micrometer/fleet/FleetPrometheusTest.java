package dev.firebreak.micrometer.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.firebreak.breaker.CircuitState;
import dev.firebreak.micrometer.fleet.Dashboards.PanelQuery;
import dev.firebreak.time.Ticker;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shipped dashboard and rules against a real Prometheus (Debian's /usr/bin/prometheus, skipped with
 * a printed reason when missing) scraping three instances on loopback every second, with their guards
 * making real calls. The instances start healthy; once Prometheus has seen them so, the third one's
 * inventory dependency fails (its circuit opens: the pod that stands out) and every instance's orders
 * dependency fails (retries refused by the budget, the adaptive limit falls to its floor). Pricing
 * always times out one call in five and refuses calls over its limit of 2.
 *
 * <p>The tests share that fleet and run in order: the breaker test heals and breaks the third pod, the
 * last test kills (and revives) an instance's /metrics.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class FleetPrometheusTest {

    private static final String JOB = "firebreak-fleet";
    private static final String SHORT_FOR_ALERT = "FirebreakCircuitOpen_for3s";

    @TempDir
    static Path dir;

    private static final List<FleetInstance> fleet = new ArrayList<>();
    private static final List<Thread> drivers = new ArrayList<>();
    private static final AtomicBoolean driving = new AtomicBoolean();
    private static PrometheusServer prometheus;

    @BeforeAll
    static void startFleetAndPrometheus() throws Exception {
        if (!PrometheusServer.installed()) {
            return; // each test then skips with the reason (an abort here would hide them from the counts)
        }
        long start = Ticker.system().read();
        for (String name : List.of("pod-a", "pod-b", "pod-c")) {
            fleet.add(new FleetInstance(name));
        }
        // The shipped FirebreakCircuitOpen waits 1 minute before firing; a copy of it (same expression,
        // renamed, for: 3s) is loaded beside the shipped file so that firing and clearing fit in the test.
        Path shortFor = dir.resolve("circuit-open-for3s.yml");
        Files.writeString(shortFor, Dashboards.oneAlertWithFor(Dashboards.rulesText(), "FirebreakCircuitOpen", SHORT_FOR_ALERT, "3s"));
        prometheus = PrometheusServer.start(dir, JOB, fleet.stream().map(FleetInstance::target).toList(),
                List.of(Dashboards.prometheusRules(), shortFor));
        long ready = millisSince(start);
        drive();
        PrometheusServer.until("the three instances scraped with their adaptive limit above its floor", Duration.ofSeconds(20),
                () -> prometheus.query("firebreak_limit{guard=\"orders\"} > firebreak_limit_floor").size() == 3,
                () -> "targets: " + prometheus.activeTargets() + "\nlog:\n" + prometheus.log());
        fleet.get(2).inventoryFails = true;
        fleet.forEach(instance -> instance.ordersFail = true);
        System.out.printf("fleet of 3 and Prometheus %s ready in %d ms, scraped in %d ms (faults on from now)%n", prometheus.url(),
                ready, millisSince(start));
    }

    @AfterAll
    static void stopEverything() throws Exception {
        try {
            pause();
        } finally {
            try {
                if (prometheus != null) {
                    prometheus.close();
                }
            } finally {
                fleet.forEach(FleetInstance::close);
            }
        }
    }

    @Test
    @Order(1)
    void everyPanelQueryVariableAndRuleEvaluatesToSeries() {
        PrometheusServer.abortIfMissing();
        long start = Ticker.system().read();
        JsonNode dashboard = Dashboards.dashboard();
        Map<String, String> expressions = new LinkedHashMap<>(); // what -> PromQL
        for (PanelQuery query : Dashboards.panelQueries(dashboard)) {
            expressions.put(query.toString(), Dashboards.substitute(query.expr(), FleetInstance.APPLICATION));
        }
        String rulesText = Dashboards.rulesText();
        List<JsonNode> rules = shippedRules();
        assertThat(rules).as("rules Prometheus loaded from the shipped file").hasSize(Dashboards.declaredRules(rulesText));
        for (JsonNode rule : rules) {
            expressions.put(rule.path("type").asText() + " rule " + rule.path("name").asText(), rule.path("query").asText());
        }
        assertThat(expressions).hasSizeGreaterThan(20);

        Map<String, String> empty = new TreeMap<>(expressions);
        PrometheusServer.until("every expression returns series", Duration.ofSeconds(40), () -> {
            empty.entrySet().removeIf(e -> prometheus.query(e.getValue()).size() > 0);
            return empty.isEmpty();
        }, () -> "still without series: " + String.join("\n  ", empty.keySet()));

        for (String name : List.of("application", "instance", "guard")) {
            String[] labelValues = Dashboards.labelValues(Dashboards.variableQuery(Dashboards.variable(dashboard, name)));
            List<String> values = prometheus.labelValues(labelValues[1], Dashboards.substitute(labelValues[0], FleetInstance.APPLICATION));
            switch (name) {
                case "application" -> assertThat(values).containsExactly(FleetInstance.APPLICATION);
                case "instance" -> assertThat(values).containsExactlyInAnyOrderElementsOf(fleet.stream().map(FleetInstance::target).toList());
                default -> assertThat(values).containsExactlyInAnyOrderElementsOf(FleetInstance.GUARDS);
            }
        }
        PrometheusServer.until("every shipped rule evaluated healthy", Duration.ofSeconds(10),
                () -> shippedRules().stream().allMatch(r -> r.path("health").asText().equals("ok")),
                () -> shippedRules().toString());
        System.out.printf("%d panel queries and rules returned series, 3 variables their values, in %d ms%n",
                expressions.size(), millisSince(start));
    }

    @Test
    @Order(2)
    void fleetTotalsEqualTheSumOfTheInstancesOwnCounts() throws Exception {
        PrometheusServer.abortIfMissing();
        long start = Ticker.system().read();
        pause(); // a quiescent moment: no call in flight on any instance
        try {
            Map<String, Double> expected = new TreeMap<>();
            Map<String, Double> expectedTimer = new TreeMap<>();
            List<Map<String, Double>> seen = new ArrayList<>(List.of(Map.of(), Map.of()));
            PrometheusServer.until("Prometheus's fleet totals equal the instances' own counts", Duration.ofSeconds(15), () -> {
                for (String guard : FleetInstance.GUARDS) {
                    expected.put(guard, fleet.stream().mapToDouble(i -> i.count("firebreak.calls", guard)).sum());
                    expectedTimer.put(guard, fleet.stream().mapToDouble(i -> i.count("firebreak.call.duration", guard)).sum());
                }
                seen.set(0, byGuard("sum by (guard) (firebreak_calls_total{application=\"fleet-test\"})"));
                seen.set(1, byGuard("sum by (guard) (firebreak_call_duration_seconds_count{application=\"fleet-test\"})"));
                return expected.equals(seen.get(0)) && expectedTimer.equals(seen.get(1));
            }, () -> "instances' calls " + expected + " vs Prometheus " + seen.get(0) + "; instances' timer counts "
                    + expectedTimer + " vs Prometheus " + seen.get(1));
            assertThat(expected.values()).allMatch(count -> count > 0);
            // one count per call: the calls counter and the duration timer agree, guard by guard
            assertThat(expectedTimer).isEqualTo(expected);
            System.out.printf("fleet totals %s equal the instances' sums, in %d ms%n", expected, millisSince(start));
        } finally {
            drive();
        }
    }

    @Test
    @Order(3)
    void theBreakerAlertFiresForThePodWhoseCircuitOpensAndClearsWhenItCloses() {
        PrometheusServer.abortIfMissing();
        FleetInstance podC = fleet.get(2);
        podC.inventoryFails = false;
        PrometheusServer.until("pod-c's circuit closed and no circuit alert left", Duration.ofSeconds(30),
                () -> podC.inventory.controls().circuitBreaker().state() == CircuitState.CLOSED && circuitAlerts().isEmpty(),
                () -> "breaker " + podC.inventory.controls().circuitBreaker().state() + ", alerts " + circuitAlerts());

        long opened = Ticker.system().read();
        podC.inventoryFails = true;
        Set<String> statesSeen = new TreeSet<>();
        PrometheusServer.until("the short-for copy firing for pod-c's inventory", Duration.ofSeconds(20), () -> {
            circuitAlerts().stream().filter(a -> a.path("labels").path("alertname").asText().equals(SHORT_FOR_ALERT))
                    .forEach(a -> statesSeen.add(a.path("state").asText()));
            return statesSeen.contains("firing");
        }, () -> "alerts " + circuitAlerts());
        long firedAfter = millisSince(opened);
        List<JsonNode> alerts = circuitAlerts();
        assertThat(statesSeen).as("the copy was pending before it fired (for: 3s)").contains("pending");
        for (JsonNode alert : alerts) {
            assertThat(alert.path("labels").path("instance").asText()).as("only pod-c stands out: " + alert).isEqualTo(podC.target());
            assertThat(alert.path("labels").path("guard").asText()).isEqualTo("inventory");
            assertThat(alert.path("labels").path("application").asText()).isEqualTo(FleetInstance.APPLICATION);
            assertThat(alert.path("annotations").path("summary").asText()).contains("inventory").contains(podC.target());
        }
        JsonNode shipped = alerts.stream().filter(a -> a.path("labels").path("alertname").asText().equals("FirebreakCircuitOpen"))
                .findFirst().orElseThrow(() -> new AssertionError("the shipped FirebreakCircuitOpen is not active: " + alerts));
        assertThat(shipped.path("state").asText()).as("the shipped alert waits its for: 1m, pending").isEqualTo("pending");
        assertThat(shipped.path("labels").path("severity").asText()).isEqualTo("warning");

        // The dashboard's "open circuits" table lists pod-c and nobody else.
        String openCircuits = Dashboards.panelQueries(Dashboards.dashboard()).stream()
                .filter(q -> q.panel().startsWith("Open circuits")).findFirst().orElseThrow().expr();
        // (polled: a scrape may catch the breaker half-open for its trial call, between two open spells)
        List<String> instances = new ArrayList<>();
        PrometheusServer.until("the open-circuits panel lists something", Duration.ofSeconds(10), () -> {
            instances.clear();
            prometheus.query(Dashboards.substitute(openCircuits, FleetInstance.APPLICATION)).forEach(row ->
                    instances.add(row.path("metric").path("instance").asText() + "/" + row.path("metric").path("guard").asText()));
            return !instances.isEmpty();
        }, () -> "");
        assertThat(instances).containsExactly(podC.target() + "/inventory");

        long healed = Ticker.system().read();
        podC.inventoryFails = false;
        PrometheusServer.until("both circuit alerts cleared", Duration.ofSeconds(20), () -> circuitAlerts().isEmpty(),
                () -> "alerts " + circuitAlerts());
        assertThat(podC.inventory.controls().circuitBreaker().state()).isEqualTo(CircuitState.CLOSED);
        System.out.printf("circuit alert: copy pending then firing %d ms after pod-c's dependency failed (shipped one pending);"
                + " both cleared %d ms after it healed%n", firedAfter, millisSince(healed));
    }

    @Test
    @Order(4)
    void anInstanceKilledMidRunShowsAsDown() throws Exception {
        PrometheusServer.abortIfMissing();
        FleetInstance podB = fleet.get(1);
        long killed = Ticker.system().read();
        podB.kill();
        try {
            PrometheusServer.until("pod-b down, the others up", Duration.ofSeconds(15), () -> upByInstance().equals(Map.of(
                    fleet.get(0).target(), 1.0, podB.target(), 0.0, fleet.get(2).target(), 1.0)), () -> "up: " + upByInstance());
            JsonNode target = targetOf(podB.target());
            assertThat(target.path("health").asText()).isEqualTo("down");
            assertThat(target.path("lastError").asText()).isNotEmpty();
            System.out.printf("pod-b down %d ms after its /metrics stopped (%s)%n", millisSince(killed), target.path("lastError").asText());
        } finally {
            podB.revive();
        }
        long revived = Ticker.system().read();
        PrometheusServer.until("pod-b up again", Duration.ofSeconds(15), () -> upByInstance().get(podB.target()) == 1.0,
                () -> "up: " + upByInstance());
        System.out.printf("pod-b up again %d ms after it served /metrics again%n", millisSince(revived));
    }

    private static List<JsonNode> shippedRules() {
        List<JsonNode> rules = new ArrayList<>();
        for (JsonNode group : prometheus.ruleGroups()) {
            if (group.path("file").asText().endsWith("firebreak-rules.yml")) {
                group.path("rules").forEach(rules::add);
            }
        }
        return rules;
    }

    private static List<JsonNode> circuitAlerts() {
        List<JsonNode> out = new ArrayList<>();
        for (JsonNode alert : prometheus.alerts()) {
            String name = alert.path("labels").path("alertname").asText();
            if (name.equals("FirebreakCircuitOpen") || name.equals(SHORT_FOR_ALERT)) {
                out.add(alert);
            }
        }
        return out;
    }

    private static Map<String, Double> byGuard(String expression) {
        Map<String, Double> out = new TreeMap<>();
        prometheus.query(expression).forEach(s -> out.put(s.path("metric").path("guard").asText(), s.path("value").get(1).asDouble()));
        return out;
    }

    private static Map<String, Double> upByInstance() {
        Map<String, Double> out = new TreeMap<>();
        prometheus.query("up{job=\"" + JOB + "\"}").forEach(s -> out.put(s.path("metric").path("instance").asText(), s.path("value").get(1).asDouble()));
        return out;
    }

    private static JsonNode targetOf(String instance) {
        for (JsonNode target : prometheus.activeTargets()) {
            if (target.path("labels").path("instance").asText().equals(instance)) {
                return target;
            }
        }
        throw new AssertionError("no target " + instance + " in " + prometheus.activeTargets());
    }

    /** Starts one driver thread per instance, each making rounds of calls until paused. */
    private static void drive() {
        driving.set(true);
        for (FleetInstance instance : fleet) {
            drivers.add(Thread.ofPlatform().name("drive-" + instance.name).daemon().start(() -> {
                try {
                    while (driving.get()) {
                        instance.round();
                    }
                } catch (InterruptedException stop) {
                    Thread.currentThread().interrupt();
                }
            }));
        }
    }

    /** Stops the drivers and waits until their last rounds have completed (bounded). */
    private static void pause() throws InterruptedException {
        driving.set(false);
        for (Thread driver : drivers) {
            driver.join(10_000);
            if (driver.isAlive()) {
                throw new AssertionError(driver.getName() + " did not finish its round in 10 s");
            }
        }
        drivers.clear();
    }

    private static long millisSince(long start) {
        return Duration.ofNanos(Ticker.system().read() - start).toMillis();
    }
}
