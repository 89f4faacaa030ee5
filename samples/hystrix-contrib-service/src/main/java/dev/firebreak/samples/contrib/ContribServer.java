package dev.firebreak.samples.contrib;

import com.netflix.hystrix.contrib.metrics.eventstream.HystrixMetricsStreamServlet;
import com.netflix.hystrix.contrib.sample.stream.HystrixConfigSseServlet;
import com.netflix.hystrix.contrib.sample.stream.HystrixUtilizationSseServlet;
import java.net.URI;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.servlet.ServletContextHandler;

/**
 * Jetty 9.4 serving hystrix-metrics-event-stream's servlets, unchanged, on loopback:
 * {@code /hystrix.stream} (what the Hystrix Dashboard reads), {@code /hystrix/config.stream} and
 * {@code /hystrix/utilization.stream}. The servlets read the bridge's {@code HystrixDashboardStream},
 * {@code HystrixConfigurationStream} and {@code HystrixUtilizationStream}, so they show the commands
 * Firebreak runs.
 */
public final class ContribServer implements AutoCloseable {

    private final Server jetty;
    private final int port;

    private ContribServer(Server jetty, int port) {
        this.jetty = jetty;
        this.port = port;
    }

    /** Starts the servlets on 127.0.0.1 at {@code port} (0: a free port). */
    public static ContribServer start(int port) throws Exception {
        Server jetty = new Server();
        ServerConnector connector = new ServerConnector(jetty);
        connector.setHost("127.0.0.1");
        connector.setPort(port);
        jetty.addConnector(connector);
        ServletContextHandler context = new ServletContextHandler();
        context.setContextPath("/");
        context.addServlet(HystrixMetricsStreamServlet.class, "/hystrix.stream");
        context.addServlet(HystrixConfigSseServlet.class, "/hystrix/config.stream");
        context.addServlet(HystrixUtilizationSseServlet.class, "/hystrix/utilization.stream");
        jetty.setHandler(context);
        jetty.start();
        return new ContribServer(jetty, connector.getLocalPort());
    }

    /** The port the servlets listen on. */
    public int port() {
        return port;
    }

    /** The metrics stream the Hystrix Dashboard reads. */
    public URI streamUri() {
        return URI.create("http://127.0.0.1:" + port + "/hystrix.stream");
    }

    /** The configuration stream. */
    public URI configStreamUri() {
        return URI.create("http://127.0.0.1:" + port + "/hystrix/config.stream");
    }

    /** Stops Jetty; the servlets end their streams. */
    @Override
    public void close() throws Exception {
        jetty.stop();
    }
}
