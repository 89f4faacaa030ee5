package dev.firebreak.lab.demo;

import dev.firebreak.lab.experiment.fleet.InstanceProcess;
import dev.firebreak.stream.AggregateServer;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import java.util.stream.Stream;

/**
 * {@code ./firebreak demo --fleet}: three instances of the {@link DemoService} on 127.0.0.1, each a child
 * JVM ({@link DemoInstance}) with its stream, dashboard and {@code /metrics}, the third one's inventory
 * downstream down so its {@code inventory.reserve} circuit stays open; a Turbine-compatible
 * {@link AggregateServer} over the three streams; and, when a Prometheus binary is given, a real
 * Prometheus scraping the three. {@link #close()} stops all of it (the children also stop when the
 * demo's JVM goes, as their standard input ends) and deletes the scratch folder.
 */
public final class FleetDemo implements AutoCloseable {

    /** The instance whose downstream is down, counted from 1. */
    static final int FAULTY = 3;
    static final long START_SECONDS = 60;
    private static final List<String> JVM_OPTIONS = jvmOptions();

    private final FleetPorts ports;
    private final Path scratch;
    private final List<InstanceProcess> instances = new ArrayList<>();
    private final List<URI> streams = new ArrayList<>();
    private final List<URI> metrics = new ArrayList<>();
    private final ReentrantLock lifecycle = new ReentrantLock();
    private AggregateServer aggregate;
    private PrometheusProcess prometheus;
    private String prometheusNote;
    private Path rules;
    private boolean closed;

    private FleetDemo(FleetPorts ports, Path scratch) {
        this.ports = ports;
        this.scratch = scratch;
    }

    /**
     * Starts the fleet; on any failure stops what had started and throws.
     *
     * @param prometheusBinary the Prometheus to run, or null when none is installed
     * @param rules a Prometheus rules file to load, or null
     */
    public static FleetDemo start(FleetPorts ports, Path prometheusBinary, Path rules) throws IOException, InterruptedException {
        FleetDemo fleet = new FleetDemo(ports, Files.createTempDirectory("firebreak-demo-fleet-"));
        try {
            fleet.startInstances();
            fleet.aggregate = AggregateServer.builder().port(ports.aggregate()).instances(fleet.streams).build().start();
            fleet.startPrometheus(prometheusBinary, rules);
            return fleet;
        } catch (IOException | InterruptedException | RuntimeException failed) {
            fleet.close();
            throw failed;
        }
    }

    private void startInstances() throws IOException, InterruptedException {
        List<String> origins = new ArrayList<>();
        for (int port : ports.streams()) {
            origins.add("http://127.0.0.1:" + port);
            origins.add("http://localhost:" + port);
        }
        for (int i = 1; i <= FleetPorts.INSTANCES; i++) {
            String name = name(i);
            InventoryFault fault = i == FAULTY ? InventoryFault.DOWN : InventoryFault.NONE;
            instances.add(InstanceProcess.start(name, DemoInstance.class.getName(), JVM_OPTIONS,
                    List.of("stream-port=" + ports.streams().get(i - 1), "metrics-port=" + ports.metrics().get(i - 1),
                            "fault=" + fault.argument(), "origins=" + String.join(",", origins)),
                    scratch.resolve(name + ".log")));
        }
        for (InstanceProcess instance : instances) {
            String ready;
            try {
                ready = instance.expect("ready ", START_SECONDS);
            } catch (IllegalStateException failed) {
                throw new IOException("instance " + instance.name() + " did not start"
                        + lastLine(scratch.resolve(instance.name() + ".log")), failed);
            }
            String[] urls = ready.split(" ");
            streams.add(URI.create(urls[1]));
            metrics.add(URI.create(urls[2]));
        }
    }

    private void startPrometheus(Path binary, Path rulesFile) throws InterruptedException {
        if (binary == null) {
            prometheusNote = "not installed (" + PrometheusProcess.BINARY + "): skipped; `apt-get install prometheus` adds it";
            return;
        }
        List<String> targets = metrics.stream().map(uri -> uri.getHost() + ":" + uri.getPort()).toList();
        try {
            prometheus = PrometheusProcess.start(binary, ports.prometheus(), targets, rulesFile, scratch, START_SECONDS);
            rules = rulesFile;
        } catch (IOException failed) {
            prometheusNote = "did not start: " + failed.getMessage();
        }
    }

    /** {@code demo-1} to {@code demo-3}. */
    static String name(int instance) {
        return "demo-" + instance;
    }

    /** Each instance's {@code /hystrix.stream}, in order. */
    public List<URI> streams() {
        return List.copyOf(streams);
    }

    /** Each instance's dashboard, in order. */
    public List<URI> dashboards() {
        return streams.stream().map(stream -> stream.resolve("/firebreak/")).toList();
    }

    /** Each instance's {@code /metrics}, in order. */
    public List<URI> metrics() {
        return List.copyOf(metrics);
    }

    /** The first instance's dashboard watching all three streams, merged in the browser. */
    public URI fleetDashboard() {
        StringBuilder query = new StringBuilder();
        for (URI stream : streams) {
            query.append(query.isEmpty() ? "?" : "&").append("stream=")
                    .append(URLEncoder.encode(stream.toString(), StandardCharsets.UTF_8));
        }
        return dashboards().getFirst().resolve(query.toString());
    }

    /** The aggregate's {@code /turbine.stream}. */
    public URI aggregateStream() {
        return aggregate.streamUri();
    }

    /** The Prometheus UI, or null when Prometheus is not running (see {@link #prometheusNote()}). */
    public URI prometheus() {
        return prometheus == null ? null : prometheus.uri();
    }

    /** Why Prometheus is not running, or null when it is. */
    public String prometheusNote() {
        return prometheusNote;
    }

    /** Prints what to open, one line each. */
    public void printUrls(PrintStream out) {
        FleetBanner.print(this, out);
    }

    PrometheusProcess prometheusProcess() {
        return prometheus;
    }

    Path rules() {
        return rules;
    }

    /** Every process this demo started, alive or not. */
    public List<ProcessHandle> processes() {
        List<ProcessHandle> all = new ArrayList<>(instances.stream().map(InstanceProcess::handle).toList());
        if (prometheus != null) {
            all.addAll(prometheus.processes());
        }
        return all;
    }

    /** Stops Prometheus, the aggregate and the instances, then deletes the scratch folder. Idempotent, thread-safe. */
    @Override
    public void close() {
        lifecycle.lock();
        try {
            if (closed) {
                return;
            }
            closed = true;
            if (prometheus != null) {
                prometheus.close();
            }
            if (aggregate != null) {
                aggregate.close();
            }
            for (InstanceProcess instance : instances) {
                instance.close();
            }
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            processes().forEach(ProcessHandle::destroyForcibly);
        } finally {
            lifecycle.unlock();
            deleteScratch();
        }
    }

    private void deleteScratch() {
        try (Stream<Path> files = Files.walk(scratch)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(file);
            }
        } catch (IOException | UncheckedIOException leftBehind) {
            // a temporary folder; the system cleans it eventually
        }
    }

    private static String lastLine(Path log) {
        try {
            List<String> lines = Files.readAllLines(log);
            return lines.isEmpty() ? " (its log is empty)" : ": " + lines.getLast();
        } catch (IOException unreadable) {
            return "";
        }
    }

    private static List<String> jvmOptions() {
        List<String> options = new ArrayList<>(List.of("-Xmx96m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1"));
        if (Runtime.version().feature() >= 23) {
            options.add("--sun-misc-unsafe-memory-access=allow");
        }
        return List.copyOf(options);
    }
}
