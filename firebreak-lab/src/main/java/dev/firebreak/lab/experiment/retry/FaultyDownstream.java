package dev.firebreak.lab.experiment.retry;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.firebreak.time.Scheduler;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The downstream of the retry and hedge experiments, over real loopback HTTP: {@code GET /call} answers
 * 200 after a lognormal delay (median {@code medianMs}, shape {@code sigma}; a {@code slowFraction} of
 * calls {@code slowFactor} times slower), or 503 for a {@code failureRate} of calls, which a phase
 * changes live. The delay holds no thread: the handler schedules the answer on the lab's timer and
 * returns; the answer is written on a virtual thread when due. It counts every call it receives.
 */
public final class FaultyDownstream implements AutoCloseable {

    private final HttpServer server;
    private final Scheduler timer;
    private final double medianMs;
    private final double sigma;
    private final double slowFraction;
    private final double slowFactor;
    private final SplittableRandom random;
    private final AtomicLong calls = new AtomicLong();
    private volatile double failureRate;

    private FaultyDownstream(Scheduler timer, double medianMs, double sigma, double slowFraction, double slowFactor,
            long seed) throws IOException {
        this.timer = timer;
        this.medianMs = medianMs;
        this.sigma = sigma;
        this.slowFraction = slowFraction;
        this.slowFactor = slowFactor;
        this.random = new SplittableRandom(seed);
        this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1024);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/call", this::handle);
        server.start();
    }

    /** Starts a downstream on an ephemeral loopback port. */
    public static FaultyDownstream start(Scheduler timer, double medianMs, double sigma, double slowFraction,
            double slowFactor, long seed) throws IOException {
        return new FaultyDownstream(timer, medianMs, sigma, slowFraction, slowFactor, seed);
    }

    /** The URI of {@code GET /call}. */
    public URI callUri() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/call");
    }

    /** Sets the fraction of calls answered 503 from now on. */
    public void failureRate(double rate) {
        this.failureRate = rate;
    }

    /** Calls received so far. */
    public long calls() {
        return calls.get();
    }

    private void handle(HttpExchange exchange) {
        calls.incrementAndGet();
        boolean fail;
        double delayMs;
        synchronized (random) {
            fail = random.nextDouble() < failureRate;
            double gaussian = gaussian();
            delayMs = medianMs * Math.exp(sigma * gaussian) * (random.nextDouble() < slowFraction ? slowFactor : 1.0);
        }
        long delayNanos = (long) (delayMs * 1_000_000L);
        timer.schedule(delayNanos, () -> Thread.startVirtualThread(() -> respond(exchange, fail)));
    }

    private double gaussian() { // Box-Muller over the seeded generator
        double u1 = 1.0 - random.nextDouble();
        double u2 = random.nextDouble();
        return Math.sqrt(-2.0 * Math.log(u1)) * Math.cos(2.0 * Math.PI * u2);
    }

    private static void respond(HttpExchange exchange, boolean fail) {
        byte[] body = (fail ? "unavailable" : "ok").getBytes(StandardCharsets.US_ASCII);
        try (exchange; OutputStream out = exchange.getResponseBody()) {
            exchange.sendResponseHeaders(fail ? 503 : 200, body.length);
            out.write(body);
        } catch (IOException closed) {
            // the client gave up (a cancelled hedge or timed-out attempt): nothing to answer
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
