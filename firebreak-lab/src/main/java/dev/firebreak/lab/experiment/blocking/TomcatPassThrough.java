package dev.firebreak.lab.experiment.blocking;

import dev.firebreak.Guard;
import dev.firebreak.lab.service.DemoService;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.apache.catalina.Context;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;

/**
 * The pass-through on embedded Tomcat: a servlet calling the downstream with the JDK's blocking
 * {@code HttpClient.send} through a SEMAPHORE guard. On 200 platform threads (Tomcat's and Spring
 * Boot's default {@code maxThreads}) or on a virtual thread per request ({@code useVirtualThreads}).
 */
final class TomcatPassThrough implements PassThroughService {

    /** Tomcat's default maxThreads, as in the seed's Spring Boot 1 application. */
    static final int PLATFORM_THREADS = 200;

    /** Kept strongly so that the level set on it stays. */
    private static final Logger TOMCAT_LOG = Logger.getLogger("org.apache");

    private final Tomcat tomcat = new Tomcat();
    private final Connector connector;
    private final HttpClient http;
    private final Path baseDir;

    TomcatPassThrough(URI downstream, Guard guard, boolean virtualThreads) throws Exception {
        TOMCAT_LOG.setLevel(Level.WARNING);
        baseDir = Files.createTempDirectory("firebreak-tomcat");
        tomcat.setBaseDir(baseDir.toString());
        connector = new Connector("org.apache.coyote.http11.Http11NioProtocol");
        connector.setPort(0);
        connector.setProperty("address", "127.0.0.1");
        connector.setProperty("maxThreads", Integer.toString(PLATFORM_THREADS));
        if (virtualThreads) {
            connector.setProperty("useVirtualThreads", "true");
        }
        tomcat.getService().addConnector(connector);
        tomcat.setConnector(connector);
        http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();
        HttpRequest request = HttpRequest.newBuilder(downstream.resolve("/integers?n=1")).timeout(Duration.ofSeconds(30)).GET().build();
        Context context = tomcat.addContext("", baseDir.toString());
        Tomcat.addServlet(context, "passthrough", new HttpServlet() {
            @Override
            protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
                try {
                    HttpResponse<String> answer = guard.execute(() -> http.send(request, HttpResponse.BodyHandlers.ofString()));
                    resp.setStatus(answer.statusCode() == 200 ? 200 : 503);
                    answer.headers().firstValue(DOWNSTREAM_HEADER).ifPresent(v -> resp.setHeader(DemoService.DOWNSTREAM_DELAY_HEADER, v));
                    resp.getWriter().write(answer.body());
                } catch (RuntimeException e) {
                    resp.setStatus(503);
                    resp.getWriter().write(e.toString());
                }
            }
        });
        context.addServletMappingDecoded(PATH, "passthrough");
        tomcat.start();
    }

    @Override
    public int port() {
        return connector.getLocalPort();
    }

    @Override
    public void close() throws Exception {
        tomcat.stop();
        tomcat.destroy();
        http.shutdownNow();
    }
}
