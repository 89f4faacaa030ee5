package dev.firebreak.lab.demo;

import dev.firebreak.time.Ticker;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * A real Prometheus for the fleet demo, on 127.0.0.1: its configuration and storage in a folder of the
 * demo's, scraping the instances' {@code /metrics} every {@value #SCRAPE_SECONDS} s as job
 * {@value #JOB}, with a rules file when one is given. It runs under a small shell watchdog that stops
 * it (SIGTERM) when the watchdog's standard input ends: on {@link #close()}, and also when the demo's
 * JVM dies without running its shutdown hooks.
 */
final class PrometheusProcess implements AutoCloseable {

    /** Debian's package installs it here. */
    static final Path BINARY = Path.of("/usr/bin/prometheus");
    static final String JOB = "firebreak-demo";
    static final int SCRAPE_SECONDS = 2;
    private static final String READY = "Server is ready to receive web requests";
    private static final String END = "\u0000end";
    /** Starts Prometheus in the background, waits for its standard input to end, then stops it. */
    private static final String WATCHDOG = "\"$@\" & p=$!; cat >/dev/null; kill $p 2>/dev/null; wait $p";

    private final Process watchdog;
    private final int port;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>(); // until it is ready
    private volatile boolean ready;

    private PrometheusProcess(Process watchdog, int port, Path log) {
        this.watchdog = watchdog;
        this.port = port;
        Thread reader = new Thread(() -> copyLines(log), "demo-prometheus-log");
        reader.setDaemon(true);
        reader.start();
    }

    /**
     * Starts {@code binary} on 127.0.0.1:{@code port} scraping {@code targets} ({@code host:port}), and
     * waits until it serves (at most {@code startSeconds}).
     *
     * @param rules a rules file to load, or null
     * @param dir where its configuration, storage and log go
     * @throws IOException when it cannot start, logs an error or is not ready in time (the message is
     *     its error or last log line; the process is stopped)
     */
    static PrometheusProcess start(Path binary, int port, List<String> targets, Path rules, Path dir, long startSeconds)
            throws IOException, InterruptedException {
        Path config = dir.resolve("prometheus.yml");
        Files.writeString(config, configuration(targets, rules));
        List<String> command = new ArrayList<>(List.of("/bin/sh", "-c", WATCHDOG, "prometheus-watchdog",
                binary.toString(), "--config.file=" + config, "--storage.tsdb.path=" + dir.resolve("data"),
                "--web.listen-address=127.0.0.1:" + port, "--storage.tsdb.retention.time=1h"));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        PrometheusProcess prometheus = new PrometheusProcess(process, port, dir.resolve("prometheus.log"));
        try {
            prometheus.awaitReady(startSeconds);
            return prometheus;
        } catch (IOException | InterruptedException | RuntimeException failed) {
            prometheus.close();
            throw failed;
        }
    }

    /** The scrape configuration: one job over the instances' {@code /metrics}. */
    static String configuration(List<String> targets, Path rules) {
        StringBuilder yaml = new StringBuilder();
        yaml.append("global:\n  scrape_interval: ").append(SCRAPE_SECONDS).append("s\n")
                .append("  evaluation_interval: ").append(SCRAPE_SECONDS).append("s\n");
        if (rules != null) {
            yaml.append("rule_files:\n  - '").append(rules.toAbsolutePath().toString().replace("'", "''")).append("'\n");
        }
        yaml.append("scrape_configs:\n  - job_name: ").append(JOB).append('\n')
                .append("    metrics_path: ").append(MetricsEndpoint.PATH).append('\n')
                .append("    static_configs:\n      - targets: [")
                .append(targets.stream().map(t -> "'" + t + "'").collect(Collectors.joining(", "))).append("]\n");
        return yaml.toString();
    }

    /** Its web UI. */
    URI uri() {
        return URI.create("http://127.0.0.1:" + port + "/");
    }

    /** Its UI's graph page with {@code expression} filled in. */
    URI graph(String expression) {
        return uri().resolve("graph?g0.expr=" + URLEncoder.encode(expression, StandardCharsets.UTF_8)
                + "&g0.tab=0&g0.range_input=5m");
    }

    /** The watchdog and Prometheus under it (to check nothing is left once closed). */
    List<ProcessHandle> processes() {
        List<ProcessHandle> all = new ArrayList<>(watchdog.descendants().toList());
        all.add(watchdog.toHandle());
        return all;
    }

    private void awaitReady(long seconds) throws IOException, InterruptedException {
        long deadline = Ticker.system().read() + TimeUnit.SECONDS.toNanos(seconds);
        String last = "(nothing logged)";
        while (true) {
            String line = lines.poll(Math.max(0, deadline - Ticker.system().read()), TimeUnit.NANOSECONDS);
            if (line == null || line.equals(END)) {
                throw new IOException("not ready within " + seconds + " s; its last line: " + last);
            }
            if (line.contains("level=error")) {
                throw new IOException(line);
            }
            if (line.contains(READY)) {
                ready = true;
                lines.clear();
                return;
            }
            last = line;
        }
    }

    private void copyLines(Path log) {
        try (BufferedReader out = new BufferedReader(new InputStreamReader(watchdog.getInputStream(), StandardCharsets.UTF_8));
             PrintWriter file = new PrintWriter(Files.newBufferedWriter(log, StandardCharsets.UTF_8), true)) {
            for (String line = out.readLine(); line != null; line = out.readLine()) {
                file.println(line);
                if (!ready) {
                    lines.add(line);
                }
            }
        } catch (IOException ended) {
            // Prometheus is gone; awaitReady says so
        }
        lines.add(END);
    }

    /** Stops Prometheus (SIGTERM through the watchdog; killed after 15 s) and waits for it. */
    @Override
    public void close() throws InterruptedException {
        List<ProcessHandle> all = processes();
        try {
            watchdog.getOutputStream().close();
        } catch (IOException alreadyClosed) {
            // the watchdog is gone already
        }
        if (!watchdog.waitFor(15, TimeUnit.SECONDS)) {
            all.forEach(ProcessHandle::destroyForcibly);
            watchdog.waitFor(5, TimeUnit.SECONDS);
        }
        for (ProcessHandle process : all) {
            process.onExit().completeOnTimeout(process, 5, TimeUnit.SECONDS).join();
        }
    }
}
