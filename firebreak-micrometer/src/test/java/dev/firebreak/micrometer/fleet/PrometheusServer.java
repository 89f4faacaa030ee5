package dev.firebreak.micrometer.fleet;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.firebreak.time.Ticker;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.junit.jupiter.api.Assumptions;

/**
 * A real Prometheus for the tests: Debian's {@code /usr/bin/prometheus} on a free loopback port, its
 * configuration and its TSDB in a temporary directory, scraping static targets and evaluating rule
 * files every second. Read through its HTTP API ({@code /api/v1/...}) with the JDK's HttpClient.
 * Stopped by {@link #close()} (the tests call it in their finally blocks / @AfterAll).
 */
public final class PrometheusServer implements AutoCloseable {

    private static final Path BINARY = Path.of("/usr/bin/prometheus");
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path dir;
    private final int port;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private Process process;

    private PrometheusServer(Path dir, int port) {
        this.dir = dir;
        this.port = port;
    }

    /**
     * Starts Prometheus scraping {@code targets} ({@code host:port}, path {@code /metrics}) as job
     * {@code job}, every second, with {@code ruleFiles} loaded and evaluated every second; or aborts
     * the calling test, saying why, when Prometheus is not installed.
     */
    public static PrometheusServer start(Path dir, String job, List<String> targets, List<Path> ruleFiles) throws Exception {
        abortIfMissing();
        PrometheusServer server = new PrometheusServer(dir, freePort());
        server.writeConfig(job, targets, ruleFiles);
        server.startProcess();
        return server;
    }

    /** Whether Prometheus is installed ({@link #abortIfMissing()} says why not). */
    public static boolean installed() {
        return Files.isExecutable(BINARY);
    }

    /** Aborts the calling test, printing why, when Prometheus is not installed. */
    public static void abortIfMissing() {
        if (!installed()) {
            String reason = "Prometheus tests skipped: Debian's prometheus package is not installed (no " + BINARY
                    + "). ./firebreak test installs it when run as root; otherwise: sudo apt-get install -y prometheus";
            System.err.println("*** " + reason);
            Assumptions.abort(reason);
        }
    }

    /** The server's base URL, {@code http://127.0.0.1:port}. */
    public String url() {
        return "http://127.0.0.1:" + port;
    }

    /** The {@code result} array of an instant query at the current time. */
    public JsonNode query(String expression) {
        return data("/api/v1/query?query=" + URLEncoder.encode(expression, StandardCharsets.UTF_8)).path("result");
    }

    /** The values of a label over the series matching {@code selector} (what Grafana's label_values does). */
    public List<String> labelValues(String label, String selector) {
        JsonNode values = data("/api/v1/label/" + label + "/values?match[]=" + URLEncoder.encode(selector, StandardCharsets.UTF_8));
        List<String> out = new ArrayList<>();
        values.forEach(v -> out.add(v.asText()));
        return out;
    }

    /** The {@code groups} of {@code /api/v1/rules}. */
    public JsonNode ruleGroups() {
        return data("/api/v1/rules").path("groups");
    }

    /** The {@code alerts} of {@code /api/v1/alerts} (pending and firing). */
    public JsonNode alerts() {
        return data("/api/v1/alerts").path("alerts");
    }

    /** The {@code activeTargets} of {@code /api/v1/targets}. */
    public JsonNode activeTargets() {
        return data("/api/v1/targets").path("activeTargets");
    }

    /** The {@code data} of a successful API answer; an AssertionError with Prometheus's error otherwise. */
    public JsonNode data(String pathAndQuery) {
        String body = get(pathAndQuery);
        try {
            JsonNode answer = JSON.readTree(body);
            if (!"success".equals(answer.path("status").asText())) {
                throw new AssertionError("Prometheus refused " + pathAndQuery + ": " + answer.path("errorType").asText()
                        + ": " + answer.path("error").asText());
            }
            return answer.path("data");
        } catch (IOException notJson) {
            throw new AssertionError("Prometheus answered " + pathAndQuery + " with no JSON: " + body, notJson);
        }
    }

    /**
     * Waits until {@code condition} holds, polling every 200 ms (each poll is a round trip to another
     * process), failing with {@code description} and {@code state} after {@code bound}.
     */
    public static void until(String description, Duration bound, BooleanSupplier condition, Supplier<String> state) {
        long deadline = Ticker.system().read() + bound.toNanos();
        while (!condition.getAsBoolean()) {
            if (Ticker.system().read() - deadline > 0) {
                throw new AssertionError("timed out after " + bound.toSeconds() + " s waiting until " + description + "; "
                        + state.get());
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(200));
        }
    }

    /** Prometheus's own log so far (for failure messages). */
    public String log() {
        try {
            return Files.readString(dir.resolve("prometheus.log"));
        } catch (IOException e) {
            return "(no log: " + e + ")";
        }
    }

    /** Stops the server: SIGTERM, then a kill after 10 s. Idempotent. */
    @Override
    public void close() {
        if (process != null) {
            process.destroy();
            try {
                if (!process.waitFor(10, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                    process.waitFor(10, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
            process = null;
        }
    }

    private String get(String pathAndQuery) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(url() + pathAndQuery)).timeout(Duration.ofSeconds(5)).GET().build();
        try {
            return http.send(request, HttpResponse.BodyHandlers.ofString()).body();
        } catch (IOException e) {
            throw new AssertionError("Prometheus did not answer " + pathAndQuery + ": " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    private void writeConfig(String job, List<String> targets, List<Path> ruleFiles) throws IOException {
        StringBuilder config = new StringBuilder()
                .append("global:\n  scrape_interval: 1s\n  scrape_timeout: 1s\n  evaluation_interval: 1s\n")
                .append("rule_files:\n");
        for (Path rules : ruleFiles) {
            config.append("  - ").append(quoted(rules.toAbsolutePath().normalize().toString())).append('\n');
        }
        config.append("scrape_configs:\n  - job_name: ").append(quoted(job)).append("\n    metrics_path: /metrics\n")
                .append("    static_configs:\n      - targets: [");
        for (int i = 0; i < targets.size(); i++) {
            config.append(i == 0 ? "" : ", ").append(quoted(targets.get(i)));
        }
        config.append("]\n");
        Files.writeString(dir.resolve("prometheus.yml"), config.toString());
    }

    private static String quoted(String value) {
        return "\"" + value.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    private void startProcess() throws Exception {
        List<String> command = List.of(BINARY.toString(),
                "--config.file=" + dir.resolve("prometheus.yml"),
                "--storage.tsdb.path=" + dir.resolve("data"),
                "--web.listen-address=127.0.0.1:" + port,
                "--log.level=warn");
        process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("prometheus.log").toFile())).start();
        try { // waiting for another process to be ready, not for time to pass
            until("Prometheus ready on port " + port, Duration.ofSeconds(30), () -> !process.isAlive() || ready(), () -> "");
        } catch (AssertionError notInTime) {
            // reported below, with the server's log
        }
        if (!process.isAlive() || !ready()) {
            String log = log();
            close();
            throw new IllegalStateException("Prometheus did not start on port " + port + "; its log:\n" + log);
        }
    }

    private boolean ready() {
        HttpRequest request = HttpRequest.newBuilder(URI.create(url() + "/-/ready")).timeout(Duration.ofSeconds(2)).GET().build();
        try {
            return http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
        } catch (IOException notYet) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
