package dev.firebreak.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.firebreak.config.InvalidConfigException;
import java.io.IOException;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Connections that try to hold the server: silent or slow request heads (408 when the head timeout
 * passes on the ManualClock), heads that never end or grow without bound (408, 414, 431), and stream
 * clients that vanish (their slot is free again without any tick, and the cap answers 503 at once).
 * Real sockets on loopback; every wait is bounded by the sockets' 10 s read timeout or a future's.
 */
class ConnectionAbuseTest {

    private static final Duration HEAD_TIMEOUT = Duration.ofSeconds(10);

    private final StreamFixture fixture = new StreamFixture(b -> b.requestHeadTimeout(HEAD_TIMEOUT));
    private final List<Socket> sockets = new ArrayList<>();

    @AfterEach
    void cleanUp() throws IOException {
        for (Socket socket : sockets) {
            socket.close();
        }
        fixture.close();
    }

    @Test
    void silentAndSlowHeadsGet408WhenTheHeadTimeoutPassesAndAreClosed() throws Exception {
        List<Socket> held = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            Socket socket = connect();
            if (i % 3 == 1) {
                RawHttp.send(socket, "GET /hystrix.stream HTTP/1.1\r\nHost: test\r\nX-Slow: a"); // slowloris
            } else if (i % 3 == 2) {
                RawHttp.send(socket, "GET /hystrix.stream HTTP/1.1"); // a request line that never ends
            }
            held.add(socket);
        }
        awaitPendingTasks(1 + held.size()); // the emitter's next tick and one head timeout per connection
        fixture.clock.advance(HEAD_TIMEOUT.minusMillis(1));
        Socket prompt = connect(); // a head sent in time is served, whatever the others do
        RawHttp.send(prompt, "GET /firebreak/ HTTP/1.1\r\nHost: test\r\n\r\n");
        assertThat(RawHttp.readHead(prompt)).startsWith("HTTP/1.1 200");

        fixture.clock.advance(Duration.ofMillis(1));

        for (Socket socket : held) {
            assertThat(RawHttp.readHead(socket)).startsWith("HTTP/1.1 408");
            assertThat(RawHttp.readsToEnd(socket)).as("closed after the 408").isTrue();
        }
        assertThat(fixture.server.openConnections()).isZero();
    }

    @Test
    void aRequestLineCutShortByAHalfCloseGets400() throws Exception {
        Socket socket = connect();
        RawHttp.send(socket, "GET /hystrix.stream HTTP/1.1");
        socket.shutdownOutput();
        assertThat(RawHttp.readHead(socket)).startsWith("HTTP/1.1 400");
    }

    @Test
    void aOneMegabyteHeaderGets431() throws Exception {
        Socket socket = connect();
        String huge = "GET /hystrix.stream HTTP/1.1\r\nHost: test\r\nX-Big: " + "a".repeat(1024 * 1024) + "\r\n\r\n";
        CompletableFuture<Void> sending = CompletableFuture.runAsync(() -> {
            try {
                RawHttp.send(socket, huge);
            } catch (IOException refusedMidway) {
                // the server may stop reading once it has answered
            }
        });
        assertThat(RawHttp.readHead(socket)).startsWith("HTTP/1.1 431");
        sending.get(10, TimeUnit.SECONDS);
        assertThat(fixture.server.openConnections()).isZero();
    }

    @Test
    void aRequestLineLongerThanTheHeadLimitGets414() throws Exception {
        Socket socket = connect();
        RawHttp.send(socket, "GET /" + "x".repeat(20_000));
        assertThat(RawHttp.readHead(socket)).startsWith("HTTP/1.1 414");
    }

    @Test
    void vanishedClientsFreeTheirSlotsWithoutATickAndTheCapAnswers503AtOnce() throws Exception {
        List<Socket> streams = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            streams.add(openStream());
        }
        assertThat(fixture.server.openConnections()).isEqualTo(5);

        streams.get(0).close(); // a client that is killed: its system closes the socket (FIN)
        Socket reset = streams.get(1);
        reset.setSoLinger(true, 0);
        reset.close(); // a client that vanishes with a reset

        // no tick: the clock never moves, so nothing is ever written to the dead connections
        assertThat(fixture.server.slots().await(n -> n == 3, 10, TimeUnit.SECONDS))
                .as("both slots freed without a write").isTrue();
        openStream();
        openStream();
        Socket sixth = connect();
        RawHttp.send(sixth, "GET /hystrix.stream HTTP/1.1\r\nHost: test\r\n\r\n");
        assertThat(RawHttp.readHead(sixth)).startsWith("HTTP/1.1 503");
        assertThat(fixture.server.openConnections()).isEqualTo(5);
    }

    @Test
    void theHeadLimitsAreCheckedWhenSet() {
        StreamServerBuilder builder = StreamServer.builder(fixture.registry);
        assertThatThrownBy(() -> builder.requestHeadTimeout(Duration.ofMillis(5)))
                .isInstanceOf(InvalidConfigException.class)
                .hasMessageContaining("stream.requestHeadTimeout").hasMessageContaining("5 ms");
        assertThatThrownBy(() -> builder.maxRequestHeadBytes(100))
                .isInstanceOf(InvalidConfigException.class)
                .hasMessageContaining("stream.maxRequestHeadBytes").hasMessageContaining("100");
    }

    /** Waits (bounded) until the connections' threads have armed their head timeouts on the clock. */
    private void awaitPendingTasks(int expected) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (fixture.clock.pendingTasks() < expected) {
            assertThat(System.nanoTime()).as("head timeouts armed: %s of %s", fixture.clock.pendingTasks(), expected)
                    .isLessThan(deadline);
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
        }
    }

    private Socket connect() throws IOException {
        Socket socket = RawHttp.connect(fixture.server.port(), 0);
        sockets.add(socket);
        return socket;
    }

    private Socket openStream() throws IOException {
        Socket socket = connect();
        RawHttp.send(socket, "GET /hystrix.stream HTTP/1.1\r\nHost: test\r\n\r\n");
        assertThat(RawHttp.readHead(socket)).startsWith("HTTP/1.1 200");
        return socket;
    }
}
