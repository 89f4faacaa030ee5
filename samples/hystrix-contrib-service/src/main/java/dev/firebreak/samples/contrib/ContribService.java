package dev.firebreak.samples.contrib;

import com.codahale.metrics.ConsoleReporter;
import com.codahale.metrics.MetricRegistry;
import com.netflix.hystrix.contrib.codahalemetricspublisher.HystrixCodaHaleMetricsPublisher;
import com.netflix.hystrix.strategy.HystrixPlugins;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Runs the contrib modules on the bridge: Hystrix's Codahale publisher registered as the metrics
 * publisher (reported to the console every 10 s), and the event-stream servlets on
 * {@code http://127.0.0.1:<port>/hystrix.stream} (port from the first argument, default 8080) while a
 * {@link QuoteCommand} runs ten times a second.
 */
public final class ContribService {

    private ContribService() {
    }

    public static void main(String[] args) throws Exception {
        MetricRegistry registry = new MetricRegistry();
        HystrixPlugins.getInstance().registerMetricsPublisher(new HystrixCodaHaleMetricsPublisher(registry));
        ConsoleReporter.forRegistry(registry).build().start(10, TimeUnit.SECONDS);
        try (ContribServer server = ContribServer.start(args.length > 0 ? Integer.parseInt(args[0]) : 8080)) {
            System.out.println("Hystrix stream: " + server.streamUri());
            ScheduledExecutorService load = Executors.newSingleThreadScheduledExecutor();
            load.scheduleAtFixedRate(() -> new QuoteCommand(() -> "42").execute(), 0, 100, TimeUnit.MILLISECONDS);
            Thread.currentThread().join(); // until the process is stopped
        }
    }
}
