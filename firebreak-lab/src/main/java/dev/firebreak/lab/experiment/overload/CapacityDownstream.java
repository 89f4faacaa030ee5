package dev.firebreak.lab.experiment.overload;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.firebreak.time.Scheduler;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The overload experiment's downstream, over real loopback HTTP: {@code GET /work} is served by at
 * most {@code capacity} workers at once, each taking the base latency; requests beyond that wait in
 * a FIFO queue, so a request's latency is its queueing time plus the service time, as in a real
 * server whose workers are busy. A queued request whose client has given up is still served (the
 * server cannot know), as a real server would. The capacity can change live ({@link #capacity(int)}):
 * lowered, the workers above it finish what they hold and are not replaced; raised, queued requests
 * start at once. No thread is held while serving: completion is scheduled on the lab's timer and the
 * answer written on a virtual thread.
 */
public final class CapacityDownstream implements AutoCloseable {

    private final HttpServer server;
    private final Scheduler timer;
    private final long serviceNanos;
    private final ReentrantLock lock = new ReentrantLock();
    // Invariant (under lock): inService <= capacity, except just after the capacity was lowered, when
    // inService only falls (no request starts while inService >= capacity). queue is non-empty only
    // while inService >= capacity.
    private final ArrayDeque<HttpExchange> queue = new ArrayDeque<>();
    private int capacity;
    private int inService;
    private int peakInService;
    private long served;

    private CapacityDownstream(Scheduler timer, int capacity, long serviceNanos) throws IOException {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be >= 1, was " + capacity);
        }
        this.timer = timer;
        this.capacity = capacity;
        this.serviceNanos = serviceNanos;
        this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 4096);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/work", this::arrive);
        server.start();
    }

    /** Starts a downstream serving {@code capacity} requests at once, each for {@code serviceNanos}, on an ephemeral port. */
    public static CapacityDownstream start(Scheduler timer, int capacity, long serviceNanos) throws IOException {
        return new CapacityDownstream(timer, capacity, serviceNanos);
    }

    /** The URI of {@code GET /work}. */
    public URI uri() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/work");
    }

    /** Changes how many requests are served at once, from now on (at least 1). */
    public void capacity(int newCapacity) {
        if (newCapacity < 1) {
            throw new IllegalArgumentException("capacity must be >= 1, was " + newCapacity);
        }
        List<HttpExchange> starting;
        lock.lock();
        try {
            capacity = newCapacity;
            starting = admitQueued();
        } finally {
            lock.unlock();
        }
        starting.forEach(this::serve);
    }

    /** Requests being served now. */
    public int inService() {
        lock.lock();
        try {
            return inService;
        } finally {
            lock.unlock();
        }
    }

    /** Requests waiting for a worker now. */
    public int queued() {
        lock.lock();
        try {
            return queue.size();
        } finally {
            lock.unlock();
        }
    }

    /** The most requests ever served at once. */
    public int peakInService() {
        lock.lock();
        try {
            return peakInService;
        } finally {
            lock.unlock();
        }
    }

    /** Requests answered so far. */
    public long served() {
        lock.lock();
        try {
            return served;
        } finally {
            lock.unlock();
        }
    }

    private void arrive(HttpExchange exchange) {
        boolean start;
        lock.lock();
        try {
            start = inService < capacity;
            if (start) {
                inService++;
                peakInService = Math.max(peakInService, inService);
            } else {
                queue.addLast(exchange);
            }
        } finally {
            lock.unlock();
        }
        if (start) {
            serve(exchange);
        }
    }

    private void serve(HttpExchange exchange) {
        timer.schedule(serviceNanos, () -> Thread.startVirtualThread(() -> finish(exchange)));
    }

    private void finish(HttpExchange exchange) {
        respond(exchange);
        List<HttpExchange> starting;
        lock.lock();
        try {
            inService--;
            served++;
            starting = admitQueued();
        } finally {
            lock.unlock();
        }
        starting.forEach(this::serve);
    }

    /** Moves queued requests into service while there is room; called under the lock, serving starts after it. */
    private List<HttpExchange> admitQueued() {
        List<HttpExchange> starting = new ArrayList<>();
        while (inService < capacity && !queue.isEmpty()) {
            inService++;
            starting.add(queue.pollFirst());
        }
        peakInService = Math.max(peakInService, inService);
        return starting;
    }

    private static void respond(HttpExchange exchange) {
        byte[] body = "ok".getBytes(StandardCharsets.US_ASCII);
        try (exchange; OutputStream out = exchange.getResponseBody()) {
            exchange.sendResponseHeaders(200, body.length);
            out.write(body);
        } catch (IOException gone) {
            // the client gave up (its timeout): the work was done anyway, nobody reads the answer
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
