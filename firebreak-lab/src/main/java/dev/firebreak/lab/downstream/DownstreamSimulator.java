package dev.firebreak.lab.downstream;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.firebreak.time.Scheduler;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The slow dependency of the seeds, on loopback: an HTTP server whose {@code GET /integers?n=N} answers
 * N random integers (comma-separated) after a delay drawn from a {@link LatencyModel}, or fails with
 * HTTP 503 at a given rate. Like random.org's API, one call may ask for many integers: a collapser's
 * batch is one call asking for the sum of its requests.
 *
 * <p>The delay holds no thread: the handler draws it, schedules the answer on the injected
 * {@link Scheduler} and returns; when due, the answer is written on a virtual thread. Every answer
 * carries the delay it served in the {@value #DELAY_HEADER} header, so callers can tell their own
 * added latency apart from the downstream's.
 *
 * <p>The delay and the error decision come from one {@link Random} seeded at construction, drawn
 * under a lock in arrival order: a single sequential caller sees a reproducible sequence.
 */
public final class DownstreamSimulator implements AutoCloseable {

    /** The response header holding the delay the simulator applied to the call, in microseconds. */
    public static final String DELAY_HEADER = "X-Delay-Micros";
    /** The largest {@code n} one call may ask for. */
    public static final int MAX_INTEGERS_PER_CALL = 100_000;

    private final LatencyModel latency;
    private final double errorRate;
    private final Scheduler scheduler;
    private final Random random;
    private final ReentrantLock randomLock = new ReentrantLock();
    private final LongAdder calls = new LongAdder();
    private final LongAdder integersRequested = new LongAdder();
    private final LongAdder failures = new LongAdder();
    private final LongAdder badRequests = new LongAdder();
    private final ExecutorService writers = Executors.newVirtualThreadPerTaskExecutor();
    private final ExecutorService handlers = Executors.newVirtualThreadPerTaskExecutor();
    private final HttpServer server;

    private DownstreamSimulator(LatencyModel latency, double errorRate, long seed, Scheduler scheduler) throws IOException {
        if (!(errorRate >= 0 && errorRate <= 1)) {
            throw new IllegalArgumentException("error rate must be between 0 and 1, was " + errorRate);
        }
        this.latency = Objects.requireNonNull(latency, "latency");
        this.errorRate = errorRate;
        this.scheduler = Objects.requireNonNull(scheduler, "scheduler");
        this.random = new Random(seed);
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1024);
        server.setExecutor(handlers);
        server.createContext("/integers", this::handle);
        server.start();
    }

    /**
     * Starts a simulator on 127.0.0.1 at a free port.
     *
     * @param latency the delay of every call
     * @param errorRate the share of calls answered with HTTP 503 (0..1)
     * @param seed the seed of the delays, the error decisions and the integers
     * @param scheduler where the delayed answers wait
     */
    public static DownstreamSimulator start(LatencyModel latency, double errorRate, long seed, Scheduler scheduler)
            throws IOException {
        return new DownstreamSimulator(latency, errorRate, seed, scheduler);
    }

    /** The base address, e.g. {@code http://127.0.0.1:41234}. */
    public URI baseUri() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    /** The address of the integers endpoint asking for {@code n} integers. */
    public URI integersUri(int n) {
        return baseUri().resolve("/integers?n=" + n);
    }

    /** What the simulator has received so far. */
    public DownstreamCounts counts() {
        return new DownstreamCounts(calls.sum(), integersRequested.sum(), failures.sum(), badRequests.sum());
    }

    private void handle(HttpExchange exchange) {
        calls.increment();
        int n = parseCount(exchange.getRequestURI().getRawQuery());
        if (n < 1) {
            badRequests.increment();
            writers.execute(() -> respond(exchange, 400, "n must be an integer between 1 and " + MAX_INTEGERS_PER_CALL, 0));
            return;
        }
        integersRequested.add(n);
        long delayNanos;
        boolean fail;
        int[] values;
        randomLock.lock();
        try {
            delayNanos = latency.sampleNanos(random);
            fail = random.nextDouble() < errorRate;
            values = fail ? null : random.ints(n, 1, 1_000_001).toArray();
        } finally {
            randomLock.unlock();
        }
        if (fail) {
            failures.increment();
        }
        String body = fail ? "simulated failure" : join(values);
        int status = fail ? 503 : 200;
        scheduler.schedule(delayNanos, () -> writers.execute(() -> respond(exchange, status, body, delayNanos)));
    }

    /** The {@code n} of a query string such as {@code n=5}, or -1 if absent or out of range. */
    static int parseCount(String rawQuery) {
        if (rawQuery == null) {
            return -1;
        }
        for (String pair : rawQuery.split("&")) {
            if (pair.startsWith("n=")) {
                try {
                    int n = Integer.parseInt(pair.substring(2));
                    return n >= 1 && n <= MAX_INTEGERS_PER_CALL ? n : -1;
                } catch (NumberFormatException e) {
                    return -1;
                }
            }
        }
        return -1;
    }

    private static String join(int[] values) {
        StringBuilder text = new StringBuilder(values.length * 7);
        for (int i = 0; i < values.length; i++) {
            if (i > 0) {
                text.append(',');
            }
            text.append(values[i]);
        }
        return text.toString();
    }

    private static void respond(HttpExchange exchange, int status, String body, long delayNanos) {
        byte[] bytes = body.getBytes(StandardCharsets.US_ASCII);
        try (exchange) {
            exchange.getResponseHeaders().set("Content-Type", "text/plain");
            exchange.getResponseHeaders().set(DELAY_HEADER, Long.toString(delayNanos / 1_000));
            exchange.sendResponseHeaders(status, bytes.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        } catch (IOException e) {
            // the caller went away (timed out or closed): nothing to answer, the call was counted
        }
    }

    /** Stops accepting calls; answers still waiting are dropped. */
    @Override
    public void close() {
        server.stop(0);
        handlers.shutdownNow();
        writers.shutdownNow();
    }
}
