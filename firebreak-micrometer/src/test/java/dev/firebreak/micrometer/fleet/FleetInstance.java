package dev.firebreak.micrometer.fleet;

import com.sun.net.httpserver.HttpServer;
import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.limit.LimitConfig;
import dev.firebreak.limit.LimitKind;
import dev.firebreak.micrometer.FirebreakMetrics;
import dev.firebreak.retry.Retry;
import io.micrometer.core.instrument.Measurement;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Statistic;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * One instance of the fleet: its own GuardRegistry (real clock), a FirebreakMetrics bound to its own
 * PrometheusMeterRegistry (common tag {@code application=fleet-test}), served on its own JDK HttpServer at
 * {@code 127.0.0.1:<free port>/metrics}, and three guards whose dependency the test can break:
 * <ul>
 *   <li>{@code inventory}: semaphore isolation, a breaker opening after 5 calls at 50 % errors, 1 s sleep window;
 *   <li>{@code pricing}: virtual threads limited to 2 calls at once, a 20 ms timeout (some calls take 60 ms),
 *       no breaker (so that its refusals stay limit rejections, not short-circuits);
 *   <li>{@code orders}: an AIMD adaptive limit (10, floor 2), no breaker, called through the retry policy
 *       {@code orders-retry} whose budget allows no retry at all.
 * </ul>
 */
final class FleetInstance implements AutoCloseable {

    static final String APPLICATION = "fleet-test";
    static final List<String> GUARDS = List.of("inventory", "pricing", "orders");

    final String name;
    final GuardRegistry registry = GuardRegistry.builder().build();
    final PrometheusMeterRegistry meters = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final FirebreakMetrics binder = new FirebreakMetrics(registry);
    final Guard inventory;
    final Guard pricing;
    final Guard orders;
    final Retry ordersRetry;
    volatile boolean inventoryFails;
    volatile boolean ordersFail;
    private final int port;
    private HttpServer server;
    private long round;

    FleetInstance(String name) throws IOException {
        this.name = name;
        meters.config().commonTags("application", APPLICATION);
        inventory = registry.guard("inventory").isolation(Isolation.semaphore(10))
                .configure(c -> c.breaker(b -> b.requestVolumeThreshold(5).sleepWindow(Duration.ofSeconds(1)))).build();
        pricing = registry.guard("pricing").isolation(Isolation.virtualThreads(2)).timeout(Duration.ofMillis(20))
                .configure(c -> c.breaker(b -> b.enabled(false))).build(); // its refusals stay rejections
        orders = registry.guard("orders").isolation(Isolation.semaphore(50))
                .adaptiveLimit(LimitConfig.builder().algorithm(LimitKind.AIMD).initialLimit(10).minLimit(2).maxLimit(50).build())
                .configure(c -> c.breaker(b -> b.enabled(false))).build();
        ordersRetry = Retry.named("orders-retry").through(orders)
                .configure(c -> c.maxAttempts(2).backoff(Duration.ZERO, Duration.ZERO, 1).budget(0, 0).throttleEnabled(false))
                .build();
        binder.bindTo(meters);
        server = serve(0);
        port = server.getAddress().getPort();
    }

    /** The scrape target, {@code 127.0.0.1:port}. */
    String target() {
        return "127.0.0.1:" + port;
    }

    /**
     * One round of traffic: two inventory calls, four pricing calls at once (two over the limit, one in
     * five slower than the timeout), one orders call through the retry policy. Returns when every call
     * has completed (a timed-out call's own code may still run on, already counted).
     */
    void round() throws InterruptedException {
        long r = round++;
        for (int i = 0; i < 2; i++) {
            inventory.execute(() -> {
                if (inventoryFails) {
                    throw new IllegalStateException("inventory down on " + name);
                }
                return 1;
            }, failure -> 0);
        }
        List<Thread> callers = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            long slow = (r * 4 + i) % 5 == 0 ? 60 : 2;
            callers.add(Thread.ofVirtual().start(() -> pricing.execute(() -> {
                Thread.sleep(slow); // the dependency's own latency, real time by design
                return 1;
            }, failure -> 0)));
        }
        for (Thread caller : callers) {
            caller.join(10_000);
        }
        ordersRetry.execute(() -> {
            if (ordersFail) {
                throw new IllegalStateException("orders down on " + name);
            }
            return 1;
        }, failure -> 0);
    }

    /** This instance's own count of {@code meterName}'s COUNT statistics for {@code guard}, as its registry reads now. */
    double count(String meterName, String guard) {
        double sum = 0;
        for (Meter meter : meters.find(meterName).tag("guard", guard).meters()) {
            for (Measurement m : meter.measure()) {
                if (m.getStatistic() == Statistic.COUNT) {
                    sum += m.getValue();
                }
            }
        }
        return sum;
    }

    /** Stops serving /metrics, as a crashed pod would (the guards live on). */
    void kill() {
        if (server != null) {
            server.stop(0);
            server = null;
        }
    }

    /** Serves /metrics again on the same port. */
    void revive() throws IOException {
        if (server == null) {
            server = serve(port);
        }
    }

    @Override
    public void close() {
        kill();
        binder.close();
        meters.close();
        registry.close();
    }

    private HttpServer serve(int onPort) throws IOException {
        HttpServer http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), onPort), 0);
        http.createContext("/metrics", exchange -> {
            byte[] body = meters.scrape().getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "text/plain; version=0.0.4; charset=utf-8");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        http.start();
        return http;
    }
}
