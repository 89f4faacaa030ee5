package dev.firebreak.stream;

import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Browser;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.Playwright;
import com.microsoft.playwright.Route;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The real Hystrix Dashboard (its 1.5.18 pages, unpacked from the WAR on Maven Central by the build)
 * renders the aggregate of three live instances in Chromium: one circuit, "Hosts 3", the fleet's
 * successes, the circuit closed. The Dashboard reads streams through its own {@code proxy.stream} servlet; this test
 * serves the pages and a proxy of its own that relays the aggregate stream, and nothing else.
 */
class HystrixDashboardBrowserTest {

    static final Path PAGES = Path.of("target/hystrix-dashboard");
    static final Path SCREENSHOT = Path.of("target/hystrix-dashboard-aggregate.png");

    private final List<AutoCloseable> resources = new ArrayList<>();

    @AfterEach
    void release() throws Exception {
        for (AutoCloseable resource : resources.reversed()) {
            resource.close();
        }
    }

    @Test
    void theHystrixDashboardShowsTheFleetFromTheAggregateStream() throws Exception {
        assertThat(PAGES.resolve("monitor/monitor.html")).as("the build unpacks the Dashboard's pages").exists();
        List<URI> streams = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            GuardRegistry registry = GuardRegistry.builder().build(); // real clocks: live instances
            resources.add(registry);
            Guard orders = registry.guard("orders").group("shop").isolation(Isolation.semaphore(10)).build();
            // A steady light load (50 calls a second, stopped with the test): the rolling window (10 s) must
            // hold calls when the page reads it.
            ScheduledExecutorService load = Executors.newSingleThreadScheduledExecutor();
            load.scheduleAtFixedRate(() -> orders.execute(() -> "ok"), 0, 20, TimeUnit.MILLISECONDS);
            resources.add(load::shutdownNow);
            StreamServer instance = StreamServer.builder(registry).port(0).build().start();
            resources.add(instance);
            streams.add(instance.streamUri());
        }
        AggregateServer aggregate = AggregateServer.builder().port(0).instances(streams).build().start();
        resources.add(aggregate);
        HttpServer pages = dashboardServer(aggregate.streamUri());
        resources.add(() -> pages.stop(0));

        try (Playwright playwright = BrowserSupport.playwright(); Browser browser = BrowserSupport.chromium(playwright)) {
            Page page = browser.newPage(new Browser.NewPageOptions().setViewportSize(1280, 800));
            byte[] underscore = underscore();
            page.route(url -> !url.startsWith("http://127.0.0.1:"), route -> {
                if (route.request().url().endsWith("/underscore-min.js")) { // the page's CDN copy, served from the test's
                    route.fulfill(new Route.FulfillOptions().setBodyBytes(underscore).setContentType("application/javascript"));
                } else {
                    route.abort(); // nothing leaves the machine
                }
            });
            String monitor = "http://127.0.0.1:" + pages.getAddress().getPort() + "/monitor/monitor.html?stream="
                    + URLEncoder.encode(aggregate.streamUri().toString(), StandardCharsets.UTF_8) + "&title=fleet";
            List<String> console = new CopyOnWriteArrayList<>();
            page.onConsoleMessage(m -> console.add(m.type() + ": " + m.text()));
            page.onRequestFailed(r -> console.add("failed request: " + r.url()));
            page.navigate(monitor);
            try {
                page.waitForFunction("() => { const c = document.querySelector('#CIRCUIT_orders_0 .tableRow');"
                        + " return c && [...c.querySelectorAll('.cell')].some(e => e.textContent.trim() === 'Hosts'); }",
                        null, new Page.WaitForFunctionOptions().setTimeout(30_000));
            } catch (RuntimeException notShown) {
                page.screenshot(new Page.ScreenshotOptions().setPath(SCREENSHOT));
                Files.writeString(Path.of("target/hystrix-dashboard-debug.html"), page.content() + "\n<!--\n"
                        + String.join("\n", console) + "\n-->");
                throw notShown;
            }
            String hosts = (String) page.evaluate("() => { const cells = [...document.querySelectorAll('#CIRCUIT_orders_0 .tableRow .cell')];"
                    + " const i = cells.findIndex(c => c.textContent.trim() === 'Hosts'); return cells[i + 1].textContent.trim(); }");
            page.screenshot(new Page.ScreenshotOptions().setPath(SCREENSHOT));
            assertThat(hosts).as("reportingHosts as the Dashboard shows it").isEqualTo("3");
            String successes = page.textContent("#CIRCUIT_orders_0 a.success").trim().replace(",", "");
            assertThat(Long.parseLong(successes)).as("the fleet's successes in the window").isPositive();
            assertThat(page.textContent("#CIRCUIT_orders_0 .circuitStatus")).contains("Closed");
        }
    }

    private static byte[] underscore() throws IOException {
        try (InputStream in = HystrixDashboardBrowserTest.class.getClassLoader()
                .getResourceAsStream("META-INF/resources/webjars/underscorejs/1.8.3/underscore-min.js")) {
            assertThat(in).as("underscore 1.8.3 (org.webjars:underscorejs, a test dependency)").isNotNull();
            return in.readAllBytes();
        }
    }

    /** The Dashboard's pages, and {@code /proxy.stream?origin=...} relaying the aggregate stream (and only it). */
    private static HttpServer dashboardServer(URI aggregateStream) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        HttpClient client = HttpClient.newHttpClient();
        server.createContext("/proxy.stream", exchange -> {
            String query = exchange.getRequestURI().getRawQuery();
            String origin = query == null ? "" : query.replaceFirst("^origin=", "");
            if (!origin.equals(aggregateStream.toString())) {
                exchange.sendResponseHeaders(403, -1);
                exchange.close();
                return;
            }
            relay(client, aggregateStream, exchange);
        });
        server.createContext("/", exchange -> {
            Path file = PAGES.resolve(exchange.getRequestURI().getPath().substring(1)).normalize();
            if (!file.startsWith(PAGES) || !Files.isRegularFile(file)) {
                exchange.sendResponseHeaders(404, -1);
                exchange.close();
                return;
            }
            String name = file.getFileName().toString();
            String type = Map.of("html", "text/html", "js", "application/javascript", "css", "text/css", "png", "image/png")
                    .getOrDefault(name.substring(name.lastIndexOf('.') + 1), "application/octet-stream");
            byte[] body = Files.readAllBytes(file);
            exchange.getResponseHeaders().set("Content-Type", type);
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
        return server;
    }

    private static void relay(HttpClient client, URI stream, HttpExchange exchange) throws IOException {
        try {
            HttpResponse<InputStream> upstream = client.send(HttpRequest.newBuilder(stream).build(),
                    HttpResponse.BodyHandlers.ofInputStream());
            exchange.getResponseHeaders().set("Content-Type", "text/event-stream;charset=UTF-8");
            exchange.sendResponseHeaders(200, 0);
            try (InputStream in = upstream.body(); OutputStream out = exchange.getResponseBody()) {
                byte[] buffer = new byte[8192];
                int n;
                while ((n = in.read(buffer)) >= 0) {
                    out.write(buffer, 0, n);
                    out.flush();
                }
            }
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        } catch (IOException browserLeft) {
            // the page closed: the relay ends
        } finally {
            exchange.close();
        }
    }
}
