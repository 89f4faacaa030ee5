package dev.firebreak.spring.boot.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Page;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;

/** What the servlet and the reactive tests check alike, over real HTTP and in a real browser. */
final class WebChecks {

    private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    private WebChecks() {
    }

    static HttpResponse<byte[]> get(int port, String path, Map<String, String> headers) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .timeout(Duration.ofSeconds(30));
        headers.forEach(request::header);
        return CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    /** The status and headers of a stream's answer, then disconnects (the body never ends). */
    static HttpResponse<InputStream> open(int port, String path, String origin) throws Exception {
        HttpResponse<InputStream> response = CLIENT.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .header("Origin", origin).build(), HttpResponse.BodyHandlers.ofInputStream());
        response.body().close();
        return response;
    }

    static HttpResponse<String> preflight(int port, String path, String origin) throws Exception {
        return CLIENT.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .timeout(Duration.ofSeconds(30)).method("OPTIONS", HttpRequest.BodyPublishers.noBody())
                .header("Origin", origin).header("Access-Control-Request-Method", "GET").build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** The page and its three files, each with its content type and the dashboard's policy; other names 404. */
    static void dashboardIsServed(int port, String base) throws Exception {
        HttpResponse<byte[]> page = get(port, base + "/firebreak-dashboard/", Map.of());
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.headers().firstValue("Content-Type")).hasValueSatisfying(type -> assertThat(type).startsWith("text/html"));
        assertThat(new String(page.body(), java.nio.charset.StandardCharsets.UTF_8)).contains("<title>Firebreak dashboard</title>");
        assertThat(page.headers().firstValue("Content-Security-Policy")).hasValueSatisfying(csp -> assertThat(csp)
                .contains("script-src 'self'").contains("frame-ancestors 'none'"));
        assertThat(page.headers().firstValue("X-Content-Type-Options")).hasValue("nosniff");
        for (String[] file : new String[][] {{"dashboard.js", "text/javascript"}, {"aggregate.js", "text/javascript"},
                {"dashboard.css", "text/css"}}) {
            HttpResponse<byte[]> response = get(port, base + "/firebreak-dashboard/" + file[0], Map.of());
            assertThat(response.statusCode()).as(file[0]).isEqualTo(200);
            assertThat(response.headers().firstValue("Content-Type")).as(file[0])
                    .hasValueSatisfying(type -> assertThat(type).startsWith(file[1]));
            assertThat(response.body()).as(file[0]).isNotEmpty();
        }
        HttpResponse<byte[]> bare = get(port, base + "/firebreak-dashboard", Map.of());
        assertThat(bare.statusCode()).isEqualTo(302);
        assertThat(bare.headers().firstValue("Location")).hasValueSatisfying(l -> assertThat(l).endsWith("firebreak-dashboard/"));
        assertThat(get(port, base + "/firebreak-dashboard/index.html.bak", Map.of()).statusCode()).isEqualTo(404);
        assertThat(get(port, base + "/firebreak-dashboard/..%2Fhystrix.stream", Map.of()).statusCode()).isIn(400, 404);
    }

    /** An allowed origin's preflight and GET are answered with its origin and no credentials; another's are refused. */
    static void corsFor(int port, String path, String allowed, String refused) throws Exception {
        HttpResponse<String> ok = preflight(port, path, allowed);
        assertThat(ok.statusCode()).as("preflight of %s from %s", path, allowed).isEqualTo(200);
        assertThat(ok.headers().firstValue("Access-Control-Allow-Origin")).hasValue(allowed);
        assertThat(ok.headers().firstValue("Access-Control-Allow-Methods")).hasValueSatisfying(m -> assertThat(m).contains("GET"));
        assertThat(ok.headers().firstValue("Access-Control-Allow-Credentials")).isEmpty();
        assertThat(preflight(port, path, refused).statusCode()).as("preflight of %s from %s", path, refused).isEqualTo(403);

        HttpResponse<InputStream> read = open(port, path, allowed);
        assertThat(read.statusCode()).as("GET %s from %s", path, allowed).isEqualTo(200);
        assertThat(read.headers().firstValue("Access-Control-Allow-Origin")).hasValue(allowed);
        HttpResponse<InputStream> denied = open(port, path, refused);
        assertThat(denied.statusCode()).as("GET %s from %s", path, refused).isEqualTo(403);
        assertThat(denied.headers().firstValue("Access-Control-Allow-Origin")).isEmpty();
    }

    /** Opens {@code url} from the page as an EventSource named {@code name}; waits (bounded) until it opened or failed. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> watch(Page page, String name, String url, String until) {
        page.evaluate("([name, url]) => watch(name, url)", java.util.List.of(name, url));
        page.waitForFunction("([name, until]) => window.results[name][until] || window.results[name].error",
                java.util.List.of(name, until), new Page.WaitForFunctionOptions().setTimeout(20_000));
        return (Map<String, Object>) page.evaluate("name => window.results[name]", name);
    }
}
