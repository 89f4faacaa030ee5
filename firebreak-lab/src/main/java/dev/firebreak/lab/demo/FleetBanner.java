package dev.firebreak.lab.demo;

import java.io.PrintStream;
import java.net.URI;

/** What {@code ./firebreak demo --fleet} prints once everything serves: the URLs to open, one a line. */
final class FleetBanner {

    /** The example query: which instance has {@code inventory.reserve}'s circuit open (docs/observability.md's names). */
    static final String EXAMPLE_QUERY = "max by (instance) (firebreak_breaker_state{guard=\"inventory.reserve\", state=\"open\"})";

    private FleetBanner() {
    }

    static void print(FleetDemo fleet, PrintStream out) {
        out.println("Firebreak demo --fleet: " + fleet.streams().size() + " instances of the demo service on 127.0.0.1,"
                + " each under load; " + FleetDemo.name(FleetDemo.FAULTY) + "'s inventory downstream is down,");
        out.println("so its inventory.reserve circuit stays open: one instance in three stands out.");
        for (int i = 0; i < fleet.streams().size(); i++) {
            out.println("  " + String.format("%-15s", FleetDemo.name(i + 1) + (i + 1 == FleetDemo.FAULTY ? " (faulty)" : ""))
                    + "  dashboard " + fleet.dashboards().get(i) + "  stream " + fleet.streams().get(i)
                    + "  metrics " + fleet.metrics().get(i));
        }
        out.println("Fleet dashboard (the three streams merged in the browser):");
        out.println("  " + fleet.fleetDashboard());
        out.println("Aggregate stream (Turbine-compatible, server-side merge): " + fleet.aggregateStream());
        out.println("  Hystrix Dashboard: enter that URL on its home page and press Monitor Stream (it shows Hosts: 3).");
        URI prometheus = fleet.prometheus();
        if (prometheus == null) {
            out.println("Prometheus: " + fleet.prometheusNote());
        } else {
            out.println("Prometheus: " + prometheus + " scraping the three /metrics every " + PrometheusProcess.SCRAPE_SECONDS
                    + " s (job " + PrometheusProcess.JOB + "; rules: "
                    + (fleet.rules() == null ? "none, no dashboards/prometheus/firebreak-rules.yml" : fleet.rules()) + ")");
            out.println("  targets: " + prometheus.resolve("targets"));
            out.println("  try: " + EXAMPLE_QUERY);
            out.println("       " + fleet.prometheusProcess().graph(EXAMPLE_QUERY));
        }
        out.println("Ctrl-C stops everything.");
        out.flush();
    }
}
