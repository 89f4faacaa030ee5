package dev.firebreak.stream;

import dev.firebreak.time.Scheduler;
import dev.firebreak.time.Ticker;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One instance an aggregate reads: a connection to its {@code /hystrix.stream}, the latest event it
 * sent for each type and name, and its state. Lines are read on a virtual thread of their own; the
 * aggregate's tick only reads the latest events, so an instance that stalls never stalls the tick.
 *
 * <p>Failures: an instance that refuses, answers other than 200, or closes the stream is DOWN; one
 * that sends nothing (not even a ping) for the stall timeout is STALLED and its connection is cut.
 * Either way its events leave the aggregate at once, the change is logged, and it is connected again
 * after a delay that doubles from {@link #FIRST_RETRY} up to {@link #MAX_RETRY}, scheduled on the
 * injected {@link Scheduler} (and reset by a connection that delivered an event).
 */
final class InstanceStream {

    /** What an instance is doing. */
    enum State { CONNECTING, UP, DOWN, STALLED, CLOSED }

    static final Duration FIRST_RETRY = Duration.ofMillis(250);
    static final Duration MAX_RETRY = Duration.ofSeconds(10);
    /** An event not sent again for this long is forgotten: a guard the instance removed. */
    static final Duration FORGET_AFTER = Duration.ofSeconds(5);
    /** A line longer than this is dropped with its connection (an instance's frames are far smaller). */
    static final int MAX_LINE_CHARS = 1 << 20;

    private static final System.Logger LOG = System.getLogger(InstanceStream.class.getName());

    private final URI uri;
    private final HttpClient http;
    private final Scheduler scheduler;
    private final Ticker ticker;
    private final long stallNanos;

    /*
     * Each connection has its own map of latest events; `current` points at the live one, and cutting a
     * connection replaces it with null, so a reader that is still finishing a line writes only into a map
     * nobody reads any more. Invariants: events() answers from the connection in `current` alone;
     * `attempt` is the one connection attempt in flight (from connect until it is lost), and only the
     * loss of that attempt schedules the next, so a cut connection whose reader ends late cannot start a
     * second chain of attempts.
     */
    private volatile Connection current;
    private Connection attempt; // guarded by this
    private volatile State state = State.CONNECTING;
    private volatile String problem = "";
    private volatile boolean closed;
    private volatile long retryNanos = FIRST_RETRY.toNanos();
    /** Heartbeats read over every connection: one per instance tick, after that tick's events. */
    private final AtomicLong pings = new AtomicLong();

    InstanceStream(URI uri, HttpClient http, Scheduler scheduler, Ticker ticker, Duration stallTimeout) {
        this.uri = uri;
        this.http = http;
        this.scheduler = scheduler;
        this.ticker = ticker;
        this.stallNanos = stallTimeout.toNanos();
    }

    URI uri() {
        return uri;
    }

    State state() {
        return state;
    }

    /** Why the instance last left UP (empty while it never did). */
    String problem() {
        return problem;
    }

    void start() {
        Thread.ofVirtual().name("firebreak-aggregate-" + uri.getPort()).start(this::connect);
    }

    /** The latest event of each type and name sent within {@link #FORGET_AFTER} of {@code nowNanos}, while UP; none otherwise. */
    List<Map<String, Object>> events(long nowNanos) {
        Connection c = current;
        if (c == null) {
            return List.of();
        }
        List<Map<String, Object>> events = new ArrayList<>();
        c.latest.values().removeIf(r -> nowNanos - r.nanos() > FORGET_AFTER.toNanos());
        c.latest.values().forEach(r -> events.add(r.event()));
        return events;
    }

    /** The tick's check at {@code nowNanos}: cuts a connection that has been silent for the stall timeout. */
    void checkStall(long nowNanos) {
        Connection c = current;
        if (c != null && nowNanos - c.lastLineNanos > stallNanos) {
            lost(c, State.STALLED, "no line, not even a ping, for " + Duration.ofNanos(stallNanos).toMillis() + " ms");
        }
    }

    void close() {
        closed = true;
        state = State.CLOSED;
        Connection c = current;
        current = null;
        if (c != null) {
            c.cut();
        }
    }

    private void connect() {
        if (closed) {
            return;
        }
        state = State.CONNECTING;
        Connection connection = new Connection(ticker.read());
        synchronized (this) {
            attempt = connection;
        }
        try {
            HttpRequest request = HttpRequest.newBuilder(uri).timeout(Duration.ofNanos(stallNanos))
                    .header("Accept", "text/event-stream").GET().build();
            HttpResponse<InputStream> response = http.send(request, HttpResponse.BodyHandlers.ofInputStream());
            connection.body = response.body();
            if (response.statusCode() != 200) {
                lost(connection, State.DOWN, "answered HTTP " + response.statusCode());
                return;
            }
            connection.lastLineNanos = ticker.read();
            current = connection;
            if (closed) { // closed while connecting: close may not have seen this connection
                close();
                return;
            }
            state = State.UP;
            LOG.log(System.Logger.Level.INFO, "firebreak-aggregate: reading " + uri);
            read(connection);
            lost(connection, State.DOWN, "closed the stream");
        } catch (IOException | RuntimeException failed) {
            String why = failed.getMessage();
            lost(connection, State.DOWN, failed.getClass().getSimpleName() + (why == null ? "" : ": " + why));
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            lost(connection, State.DOWN, "interrupted");
        }
    }

    private void read(Connection connection) throws IOException {
        BufferedReader lines = new BufferedReader(new InputStreamReader(connection.body, StandardCharsets.UTF_8));
        StringBuilder line = new StringBuilder();
        int c;
        while ((c = lines.read()) >= 0 && current == connection) {
            if (c != '\n') {
                if (line.length() >= MAX_LINE_CHARS) {
                    throw new IOException("a line longer than " + MAX_LINE_CHARS + " characters");
                }
                line.append((char) c);
                continue;
            }
            connection.lastLineNanos = ticker.read();
            accept(connection, line.toString().strip());
            line.setLength(0);
        }
    }

    /** Heartbeats read so far; a tick's events are all accepted before its ping is counted. */
    long pings() {
        return pings.get();
    }

    /** A {@code data:} line holding an object with a type and a name replaces that event; others are skipped. */
    private void accept(Connection connection, String line) {
        if (line.startsWith("ping:")) {
            pings.incrementAndGet();
            return;
        }
        if (!line.startsWith("data:") || line.indexOf('{') < 0) {
            return; // pings, blank lines, comments
        }
        Map<String, Object> event;
        try {
            event = JsonReader.object(line.substring(line.indexOf('{')));
        } catch (IllegalArgumentException malformed) {
            return; // as Turbine did: one bad event is skipped, the stream goes on
        }
        if (event.get("type") instanceof String type && event.get("name") instanceof String name) {
            connection.latest.put(type + '\u0000' + name, new Received(event, connection.lastLineNanos));
            retryNanos = FIRST_RETRY.toNanos();
        }
    }

    /** Takes {@code connection} (if still current) out of the aggregate and arranges the next attempt. */
    private void lost(Connection connection, State why, String detail) {
        boolean repeated;
        synchronized (this) {
            if (connection != attempt) {
                return; // already lost (a stall cut it and its reader ends now), or an older attempt
            }
            attempt = null;
            current = null;
            connection.cut();
            if (closed) {
                return;
            }
            repeated = state == why && problem.equals(detail);
            state = why;
            problem = detail;
        }
        // A change is a warning; the same failure again (an instance that stays down) is only a debug line.
        LOG.log(repeated ? System.Logger.Level.DEBUG : System.Logger.Level.WARNING, "firebreak-aggregate: " + uri + " is " + why + " (" + detail
                + "); its figures left the aggregate; trying again in " + Duration.ofNanos(retryNanos).toMillis() + " ms");
        long delay = retryNanos;
        retryNanos = Math.min(retryNanos * 2, MAX_RETRY.toNanos());
        scheduler.schedule(delay, () -> start());
    }

    /** An event and when its line was read. */
    private record Received(Map<String, Object> event, long nanos) {
    }

    /** One connection's body and its latest events. */
    private static final class Connection {
        final Map<String, Received> latest = new ConcurrentHashMap<>();
        volatile InputStream body;
        volatile long lastLineNanos;

        Connection(long nowNanos) {
            this.lastLineNanos = nowNanos;
        }

        void cut() {
            InputStream b = body;
            if (b != null) {
                try {
                    b.close();
                } catch (IOException ignored) {
                    // already gone
                }
            }
        }
    }
}
