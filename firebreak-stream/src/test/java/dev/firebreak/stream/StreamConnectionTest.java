package dev.firebreak.stream;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.Isolation;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The connection cap, slow readers, vanished clients and shutdown. The emitter ticks only when the
 * test advances the ManualClock; waits on real sockets are bounded.
 */
class StreamConnectionTest {

    private StreamFixture fixture;
    private final List<AutoCloseable> open = new ArrayList<>();

    @AfterEach
    void cleanUp() throws Exception {
        for (AutoCloseable c : open) {
            c.close();
        }
        if (fixture != null) {
            fixture.close();
        }
    }

    @Test
    void theSixthConnectionGets503AndAFreedSlotIsReused() throws Exception {
        fixture = new StreamFixture();
        List<SseClient> clients = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            SseClient client = SseClient.open(fixture.server.streamUri());
            open.add(client);
            clients.add(client);
            assertThat(client.status()).isEqualTo(200);
            client.awaitPing();
        }
        assertThat(fixture.server.openConnections()).isEqualTo(5);

        try (SseClient sixth = SseClient.open(fixture.server.streamUri())) {
            assertThat(sixth.status()).isEqualTo(503);
            assertThat(sixth.nextLine()).isEqualTo("MaxConcurrentConnections reached: 5");
        }
        assertThat(fixture.server.openConnections()).isEqualTo(5);

        clients.getFirst().close();
        // the server notices a closed client on its next write: tick until the slot is free
        awaitSlotsWhileTicking(4);
        try (SseClient again = SseClient.open(fixture.server.streamUri())) {
            assertThat(again.status()).isEqualTo(200);
        }
    }

    @Test
    void aSlowReaderNeverBlocksTheEmitterAndIsDroppedWhileOthersKeepReceiving() throws Exception {
        fixture = new StreamFixture(b -> b.outboxFrames(2));
        for (int i = 0; i < 300; i++) { // ~0.7 MB a frame, so a reader that never reads fills its socket fast
            fixture.registry.guard("guard-" + i).isolation(Isolation.semaphore(10)).build();
        }
        Socket slow = RawHttp.connect(fixture.server.port(), 4096);
        open.add(slow);
        RawHttp.send(slow, "GET /hystrix.stream HTTP/1.1\r\nHost: test\r\n\r\n");
        assertThat(RawHttp.readHead(slow)).startsWith("HTTP/1.1 200");
        SseClient fast = SseClient.open(fixture.server.streamUri());
        open.add(fast);
        fast.awaitPing();
        assertThat(fixture.server.openConnections()).isEqualTo(2);

        int ticks = 0;
        while (fixture.server.openConnections() == 2) {
            assertThat(ticks++).as("ticks before the slow reader is dropped").isLessThan(200);
            // the tick runs on another thread so that a blocked emitter fails the test instead of hanging it
            CompletableFuture.runAsync(fixture::tick).get(10, TimeUnit.SECONDS);
            readOneFrame(fast);
        }
        assertThat(fixture.server.slots().await(n -> n == 1, 10, TimeUnit.SECONDS)).isTrue();
        assertThat(RawHttp.readsToEnd(slow)).as("the slow reader's connection is closed").isTrue();

        for (int i = 0; i < 3; i++) {
            CompletableFuture.runAsync(fixture::tick).get(10, TimeUnit.SECONDS);
            readOneFrame(fast);
        }
        assertThat(fixture.server.openConnections()).isEqualTo(1);
    }

    @Test
    void aClientThatDisconnectsMidStreamFreesItsSlot() throws Exception {
        fixture = new StreamFixture();
        fixture.populate();
        Socket leaving = RawHttp.connect(fixture.server.port(), 0);
        RawHttp.send(leaving, "GET /hystrix.stream HTTP/1.1\r\nHost: test\r\n\r\n");
        assertThat(RawHttp.readHead(leaving)).startsWith("HTTP/1.1 200");
        fixture.tick();
        assertThat(leaving.getInputStream().read()).isGreaterThanOrEqualTo(0); // data is flowing
        assertThat(fixture.server.openConnections()).isEqualTo(1);
        leaving.setSoLinger(true, 0); // vanish: reset, not a polite close
        leaving.close();

        awaitSlotsWhileTicking(0);
        SseClient next = SseClient.open(fixture.server.streamUri());
        open.add(next);
        assertThat(next.status()).isEqualTo(200);
    }

    @Test
    void delayGivesAClientEveryNthTickAndPingsBetween() throws Exception {
        fixture = new StreamFixture();
        fixture.registry.guard("only").isolation(Isolation.semaphore(1)).build();
        SseClient client = SseClient.open(java.net.URI.create(fixture.server.streamUri() + "?delay=1000"));
        open.add(client);
        client.awaitPing();
        List<String> seen = new ArrayList<>();
        for (int tick = 0; tick < 4; tick++) {
            fixture.tick();
            String line;
            do {
                line = client.nextLine();
            } while (line.isEmpty());
            seen.add(line.startsWith("data: ") ? "data" : line.trim());
            if (line.startsWith("data: ")) {
                client.awaitPing();
            }
        }
        assertThat(seen).containsExactly("data", "ping:", "data", "ping:");
    }

    @Test
    void closingTheServerEndsEveryStreamAndRefusesNewOnes() throws Exception {
        fixture = new StreamFixture();
        SseClient a = SseClient.open(fixture.server.streamUri());
        SseClient b = SseClient.open(fixture.server.streamUri());
        open.add(a);
        open.add(b);
        a.awaitPing();
        b.awaitPing();
        int port = fixture.server.port();
        fixture.server.close();
        assertThat(a.awaitEnd()).isTrue();
        assertThat(b.awaitEnd()).isTrue();
        assertThat(fixture.server.openConnections()).isZero();
        assertThat(fixture.clock.pendingTasks()).as("no emitter tick left scheduled").isZero();
        try (Socket refused = new Socket()) {
            assertThat(canConnect(refused, port)).isFalse();
        }
    }

    private static boolean canConnect(Socket socket, int port) {
        try {
            socket.connect(new java.net.InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), port), 2000);
            return true;
        } catch (java.io.IOException refused) {
            return false;
        }
    }

    private static void readOneFrame(SseClient client) throws InterruptedException {
        client.awaitPing();
    }

    /** Ticks (each a bounded wait) until {@code expected} connections remain; fails after 50 ticks. */
    private void awaitSlotsWhileTicking(int expected) throws InterruptedException {
        for (int i = 0; i < 50; i++) {
            fixture.tick();
            if (fixture.server.slots().await(n -> n == expected, 200, TimeUnit.MILLISECONDS)) {
                return;
            }
        }
        throw new AssertionError("connections did not fall to " + expected + ": " + fixture.server.openConnections());
    }
}
