package dev.firebreak.samples.contrib;

import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Browser;
import com.microsoft.playwright.BrowserType;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.Playwright;
import com.microsoft.playwright.Route;
import com.netflix.hystrix.strategy.HystrixPlugins;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.firebreak.GuardRegistry;
import dev.firebreak.hystrix.HystrixBridge;
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
 * The real Hystrix Dashboard (its 1.5.18 pages, unpacked from the WAR by the build) renders, in Debian's
 * Chromium, the stream that hystrix-metrics-event-stream's unchanged {@code HystrixMetricsStreamServlet}
 * serves from the bridge on Jetty: the "Quote" circuit with its successes, closed, and its thread pool.
 * The Dashboard reads streams through its own {@code proxy.stream} servlet; this test serves the pages
 * and a proxy that relays the servlet's stream, and nothing else. A machine without Chromium fails the
 * test (it is never skipped): {@code apt-get install -y chromium}, or name one in {@code CHROMIUM}.
 */
class HystrixDashboardBrowserTest {

    static final Path PAGES = Path.of("target/hystrix-dashboard");
    static final Path SCREENSHOT = Path.of("target/hystrix-dashboard-bridge.png");
    static final Path CHROMIUM = Path.of(System.getenv().getOrDefault("CHROMIUM", "/usr/bin/chromium"));

    private final List<AutoCloseable> resources = new ArrayList<>();

    @AfterEach
    void release() throws Exception {
        for (AutoCloseable resource : resources.reversed()) {
            resource.close();
        }
        HystrixPlugins.reset();
    }

    @Test
    void theHystrixDashboardShowsTheBridgedCommandFromTheServletsStream() throws Exception {
        assertThat(PAGES.resolve("monitor/monitor.html")).as("the build unpacks the Dashboard's pages").exists();
        assertThat(CHROMIUM).as("Debian's chromium (apt-get install -y chromium), or CHROMIUM=<path>").isExecutable();
        HystrixPlugins.reset();
        HystrixBridge.install(GuardRegistry.builder().build()); // real clocks: a live service
        // A steady light load (20 calls a second, stopped with the test): the rolling window (10 s) must
        // hold calls when the page reads it.
        ScheduledExecutorService load = Executors.newSingleThreadScheduledExecutor();
        load.scheduleAtFixedRate(() -> new QuoteCommand(() -> "42").execute(), 0, 50, TimeUnit.MILLISECONDS);
        resources.add(load::shutdownNow);
        ContribServer servlets = ContribServer.start(0);
        resources.add(servlets);
        HttpServer pages = dashboardServer(servlets.streamUri());
        resources.add(() -> pages.stop(0));

        try (Playwright playwright = Playwright.create(new Playwright.CreateOptions().setEnv(Map.of("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")));
                Browser browser = playwright.chromium().launch(new BrowserType.LaunchOptions().setExecutablePath(CHROMIUM)
                        .setHeadless(true).setArgs(List.of("--no-sandbox", "--disable-gpu", "--disable-background-networking",
                                "--disable-component-update", "--disable-sync", "--no-first-run")))) {
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
                    + URLEncoder.encode(servlets.streamUri().toString(), StandardCharsets.UTF_8) + "&title=bridge";
            List<String> console = new CopyOnWriteArrayList<>();
            page.onConsoleMessage(m -> console.add(m.type() + ": " + m.text()));
            page.onRequestFailed(r -> console.add("failed request: " + r.url()));
            page.navigate(monitor);
            try {
                page.waitForFunction("() => { const s = document.querySelector('#CIRCUIT_Quote_0 a.success');"
                        + " return s && Number(s.textContent.trim().replace(/,/g, '')) > 0"
                        + " && document.querySelector('#THREAD_POOL_QuotePool_0'); }",
                        null, new Page.WaitForFunctionOptions().setTimeout(30_000));
            } catch (RuntimeException notShown) {
                page.screenshot(new Page.ScreenshotOptions().setPath(SCREENSHOT));
                Files.writeString(Path.of("target/hystrix-dashboard-debug.html"), page.content() + "\n<!--\n"
                        + String.join("\n", console) + "\n-->");
                throw notShown;
            }
            page.screenshot(new Page.ScreenshotOptions().setPath(SCREENSHOT));
            assertThat(page.textContent("#CIRCUIT_Quote_0 .circuitStatus")).contains("Closed");
            assertThat(page.textContent("#CIRCUIT_Quote_0")).contains("Quote");
            assertThat(page.textContent("#THREAD_POOL_QuotePool_0")).contains("QuotePool");
        }
    }

    private static byte[] underscore() throws IOException {
        try (InputStream in = HystrixDashboardBrowserTest.class.getClassLoader()
                .getResourceAsStream("META-INF/resources/webjars/underscorejs/1.8.3/underscore-min.js")) {
            assertThat(in).as("underscore 1.8.3 (org.webjars:underscorejs, a test dependency)").isNotNull();
            return in.readAllBytes();
        }
    }

    /** The Dashboard's pages, and {@code /proxy.stream?origin=...} relaying the servlet's stream (and only it). */
    private static HttpServer dashboardServer(URI stream) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        HttpClient client = HttpClient.newHttpClient();
        server.createContext("/proxy.stream", exchange -> {
            String query = exchange.getRequestURI().getRawQuery();
            String origin = query == null ? "" : query.replaceFirst("^origin=", "");
            if (!origin.equals(stream.toString())) {
                exchange.sendResponseHeaders(403, -1);
                exchange.close();
                return;
            }
            relay(client, stream, exchange);
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
            HttpResponse<InputStream> upstream = client.send(HttpRequest.newBuilder(stream).build(), HttpResponse.BodyHandlers.ofInputStream());
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
