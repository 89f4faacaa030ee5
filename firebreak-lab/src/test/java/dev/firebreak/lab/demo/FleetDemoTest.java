package dev.firebreak.lab.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.firebreak.time.Ticker;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code ./firebreak demo --fleet} for real, on free ports and for a bounded time: three child JVMs, the
 * aggregate, and Prometheus when it is installed; read through the URLs the command prints, then
 * stopped, with nothing left running.
 */
class FleetDemoTest {

    private static final Pattern INSTANCE = Pattern.compile(
            "^  (demo-\\d)( \\(faulty\\))? *  dashboard (\\S+)  stream (\\S+)  metrics (\\S+)$");
    private static final Pattern AGGREGATE = Pattern.compile("^Aggregate stream .*: (\\S+)$");
    private static final Pattern PROMETHEUS = Pattern.compile("^Prometheus: (http\\S+) scraping .*$");
    private static final Pattern UP = Pattern.compile("\"health\":\"up\"");

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @Test
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void threeInstancesTheirAggregateAndPrometheusServeThenEverythingStops() throws Exception {
        Set<ProcessHandle> before = ProcessHandle.current().descendants().collect(Collectors.toSet());
        LineSink printed = new LineSink();
        CountDownLatch stop = new CountDownLatch(1);
        AtomicInteger exitCode = new AtomicInteger(-1);
        Thread demo = Thread.ofPlatform().name("fleet-demo-under-test").start(() -> {
            try {
                exitCode.set(DemoCommand.run(new String[] {"--fleet", "--port", "0", "--duration", "100"},
                        new PrintStream(printed, true, StandardCharsets.UTF_8), stop));
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
            }
        });
        List<Integer> ports = new ArrayList<>();
        List<ProcessHandle> started = List.of();
        try {
            List<String> banner = printed.until(line -> line.startsWith("Ctrl-C stops") || line.contains("could not start"), 90);
            assertThat(banner.getLast()).as(String.join("\n", banner)).startsWith("Ctrl-C stops");
            started = ProcessHandle.current().descendants().filter(p -> !before.contains(p)).toList();

            List<Matcher> instances = banner.stream().map(INSTANCE::matcher).filter(Matcher::matches).toList();
            assertThat(instances).hasSize(3);
            assertThat(started.stream().filter(p -> p.parent().equals(Optional.of(ProcessHandle.current()))
                    && p.info().command().orElse("").endsWith("/java"))).as("three child JVMs in %s", started).hasSize(3);
            List<String> streams = new ArrayList<>();
            for (Matcher instance : instances) {
                URI dashboard = URI.create(instance.group(3));
                URI stream = URI.create(instance.group(4));
                URI metrics = URI.create(instance.group(5));
                ports.addAll(List.of(dashboard.getPort(), metrics.getPort()));
                streams.add(stream.toString());
                assertThat(List.of(dashboard, stream, metrics)).allSatisfy(uri -> assertThat(uri.getHost()).isEqualTo("127.0.0.1"));
                assertThat(get(dashboard).statusCode()).as(instance.group(1) + "'s dashboard").isEqualTo(200);
                HttpResponse<String> scrape = get(metrics);
                assertThat(scrape.statusCode()).isEqualTo(200);
                assertThat(scrape.headers().firstValue("Content-Type").orElse("")).startsWith("text/plain; version=0.0.4");
                assertThat(scrape.body()).as("Prometheus text with Firebreak's series").contains("# TYPE firebreak_")
                        .contains("application=\"firebreak-demo\"");
            }
            assertThat(instances.get(2).group(2)).as("the third instance is the faulty one").isNotNull();
            // Its outage is rehearsed by fault injection: only its registry allows chaos, and its faults are counted.
            assertThat(get(URI.create(instances.get(2).group(5))).body()).containsPattern(
                    "firebreak_chaos_injected_total\\{[^}]*guard=\"inventory.reserve\"[^}]*\\} [1-9]");
            assertThat(get(URI.create(instances.get(0).group(5))).body()).doesNotContain("firebreak_chaos_injected");
            assertThat(instances.get(2).group(4)).isEqualTo(streams.get(2));

            // The fleet dashboard: the first instance's page with the three streams, each readable from its origin.
            String fleetPage = banner.get(banner.indexOf(banner.stream().filter(l -> l.startsWith("Fleet dashboard")).findFirst()
                    .orElseThrow()) + 1).strip();
            assertThat(get(URI.create(fleetPage)).statusCode()).isEqualTo(200);
            assertThat(Stream.of(URI.create(fleetPage).getRawQuery().split("&"))
                    .map(p -> URLDecoder.decode(p.substring("stream=".length()), StandardCharsets.UTF_8)).toList())
                    .containsExactlyElementsOf(streams);
            String origin = "http://127.0.0.1:" + URI.create(fleetPage).getPort();
            for (String other : streams.subList(1, 3)) {
                HttpResponse<InputStream> crossOrigin = http.send(HttpRequest.newBuilder(URI.create(other))
                        .header("Origin", origin).timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofInputStream());
                crossOrigin.body().close();
                assertThat(crossOrigin.headers().firstValue("Access-Control-Allow-Origin")).as(other).contains(origin);
            }

            // The faulty instance's own stream: its inventory circuit is open.
            assertThat(firstFrame(URI.create(streams.get(2)), "inventory.reserve", f -> f.contains("\"isCircuitBreakerOpen\":true")))
                    .isNotNull();

            // The aggregate: three hosts, one of them with the circuit open.
            URI aggregate = URI.create(banner.stream().map(AGGREGATE::matcher).filter(Matcher::matches).findFirst()
                    .orElseThrow().group(1));
            ports.add(aggregate.getPort());
            String merged = firstFrame(aggregate, "inventory.reserve", f -> f.contains("\"reportingHosts\":3")
                    && f.matches(".*\"isCircuitBreakerOpen\":\\{[^}]*\"true\":1.*") && f.matches(".*\"isCircuitBreakerOpen\":\\{[^}]*\"false\":2.*"));
            assertThat(merged).as("a merged frame over three hosts, one circuit open").isNotNull();

            checkPrometheus(banner, ports, started);
        } finally {
            stop.countDown();
            demo.join(TimeUnit.SECONDS.toMillis(60));
        }
        assertThat(demo.isAlive()).as("the demo stopped").isFalse();
        assertThat(exitCode.get()).isZero();
        assertThat(printed.lines()).contains("Stopped.");
        assertThat(started).as("every process the demo started has ended").noneMatch(ProcessHandle::isAlive);
        for (int port : ports) {
            assertThatThrownBy(() -> {
                try (Socket socket = new Socket()) {
                    socket.connect(new InetSocketAddress("127.0.0.1", port), 2_000);
                }
            }).as("nothing listens on %d any more", port).isInstanceOf(IOException.class);
        }
    }

    private void checkPrometheus(List<String> banner, List<Integer> ports, List<ProcessHandle> started) throws Exception {
        if (!Files.isExecutable(PrometheusProcess.BINARY)) {
            assertThat(banner).anyMatch(line -> line.startsWith("Prometheus: not installed"));
            System.out.println("FleetDemoTest: SKIPPED the Prometheus part: " + PrometheusProcess.BINARY
                    + " is not installed (apt-get install prometheus)");
            return;
        }
        Matcher line = banner.stream().map(PROMETHEUS::matcher).filter(Matcher::matches).findFirst()
                .orElseThrow(() -> new AssertionError("no Prometheus line in\n" + String.join("\n", banner)));
        URI prometheus = URI.create(line.group(1));
        ports.add(prometheus.getPort());
        assertThat(started.stream().filter(p -> p.info().command().orElse("").equals(PrometheusProcess.BINARY.toString())))
                .hasSize(1);
        // Prometheus scrapes every 2 s: poll its API until the three targets have been scraped and are up.
        String targets = poll(prometheus.resolve("/api/v1/targets"), body -> count(UP, body) == 3, 30);
        assertThat(count(UP, targets)).as(targets).isEqualTo(3);
        assertThat(targets).contains("\"job\":\"firebreak-demo\"");
        String perInstance = poll(prometheus.resolve("/api/v1/query?query=" + URLEncoder.encode(
                "count by (instance) ({__name__=~\"firebreak_.+\", job=\"firebreak-demo\"})", StandardCharsets.UTF_8)),
                body -> body.split("\"instance\"").length - 1 == 3, 30);
        assertThat(perInstance).contains("\"status\":\"success\"");
        assertThat(banner).contains("  try: " + FleetBanner.EXAMPLE_QUERY);
        assertThat(get(prometheus.resolve("/api/v1/query?query=" + URLEncoder.encode(FleetBanner.EXAMPLE_QUERY,
                StandardCharsets.UTF_8))).body()).as("the printed query is valid PromQL").contains("\"status\":\"success\"");
        if (DemoCommand.rules() != null) {
            assertThat(get(prometheus.resolve("/api/v1/rules")).body()).as("the rules file is loaded").contains("\"groups\":[{");
        }
    }

    /** The body of {@code uri} once {@code done} accepts it, polling Prometheus's API (it changes only on its scrapes). */
    private String poll(URI uri, Predicate<String> done, long seconds) throws Exception {
        long deadline = Ticker.system().read() + TimeUnit.SECONDS.toNanos(seconds);
        String body = "";
        while (Ticker.system().read() < deadline) {
            body = get(uri).body();
            if (done.test(body)) {
                return body;
            }
            Thread.sleep(250); // the next scrape is Prometheus's to make; nothing can tell us sooner
        }
        return body;
    }

    /** The first data line of the stream at {@code uri} for command {@code name} that {@code wanted} accepts, within 30 s; or null. */
    private String firstFrame(URI uri, String name, Predicate<String> wanted) throws Exception {
        long deadline = Ticker.system().read() + TimeUnit.SECONDS.toNanos(30);
        HttpResponse<Stream<String>> response = http.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofLines());
        assertThat(response.statusCode()).isEqualTo(200);
        try (Stream<String> lines = response.body()) {
            Iterator<String> it = lines.iterator();
            while (Ticker.system().read() < deadline && it.hasNext()) { // pings keep lines coming
                String line = it.next();
                if (line.startsWith("data:") && line.contains("\"type\":\"HystrixCommand\"")
                        && line.contains("\"name\":\"" + name + "\"") && wanted.test(line)) {
                    return line;
                }
            }
        }
        return null;
    }

    private HttpResponse<String> get(URI uri) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static int count(Pattern pattern, String text) {
        return (int) pattern.matcher(text).results().count();
    }

    /** What the command prints, line by line. */
    private static final class LineSink extends OutputStream {
        private final ByteArrayOutputStream line = new ByteArrayOutputStream();
        private final BlockingQueue<String> queue = new LinkedBlockingQueue<>();
        private final List<String> all = new CopyOnWriteArrayList<>();

        @Override
        public synchronized void write(int b) {
            if (b == '\n') {
                String text = line.toString(StandardCharsets.UTF_8);
                line.reset();
                queue.add(text);
                all.add(text);
            } else {
                line.write(b);
            }
        }

        /** The lines up to and including the first that {@code last} accepts; fails after {@code seconds}. */
        List<String> until(Predicate<String> last, long seconds) throws InterruptedException {
            List<String> lines = new ArrayList<>();
            long deadline = Ticker.system().read() + TimeUnit.SECONDS.toNanos(seconds);
            while (true) {
                String next = queue.poll(Math.max(0, deadline - Ticker.system().read()), TimeUnit.NANOSECONDS);
                if (next == null) {
                    throw new AssertionError("no end of the banner within " + seconds + " s; printed:\n" + String.join("\n", lines));
                }
                lines.add(next);
                if (last.test(next)) {
                    return lines;
                }
            }
        }

        List<String> lines() {
            return all;
        }
    }
}
