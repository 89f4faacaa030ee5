package dev.firebreak.etcd;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import dev.firebreak.testkit.Await;
import org.junit.jupiter.api.Assumptions;

/**
 * A real etcd server for the tests: Debian's {@code etcd-server} package's binary, a single member on
 * free loopback ports with a data folder of its own. Stopped by {@link #close()} (the tests call it in
 * their finally blocks), restartable on the same ports and data.
 */
final class EtcdServer implements AutoCloseable {

    private static final Path BINARY = Path.of("/usr/bin/etcd");

    private final Path dir;
    private final int clientPort;
    private final int peerPort;
    private Process process;

    private EtcdServer(Path dir, int clientPort, int peerPort) {
        this.dir = dir;
        this.clientPort = clientPort;
        this.peerPort = peerPort;
    }

    /** Starts a server in {@code dir}, or aborts the calling test, saying why, when etcd is not installed. */
    static EtcdServer start(Path dir) throws Exception {
        requireInstalled();
        EtcdServer server = new EtcdServer(dir, freePort(), freePort());
        server.startProcess();
        return server;
    }

    /** Aborts the calling test, saying why, when etcd is not installed. */
    static void requireInstalled() {
        if (!Files.isExecutable(BINARY)) {
            String reason = "etcd tests skipped: Debian's etcd-server package is not installed (no " + BINARY
                    + "). ./firebreak test installs it when run as root; otherwise: sudo apt-get install -y etcd-server";
            System.err.println("*** " + reason);
            Assumptions.abort(reason);
        }
    }

    /** The client endpoint. */
    String endpoint() {
        return "http://127.0.0.1:" + clientPort;
    }

    /** Stops the server (its data stays). */
    void stop() throws InterruptedException {
        if (process != null) {
            process.destroy();
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
            process = null;
        }
    }

    /** Starts it again on the same ports with the same data. */
    void restart() throws Exception {
        stop();
        startProcess();
    }

    @Override
    public void close() throws InterruptedException {
        stop();
    }

    private void startProcess() throws Exception {
        String peer = "http://127.0.0.1:" + peerPort;
        List<String> command = List.of(BINARY.toString(), "--name", "test", "--data-dir", dir.resolve("data").toString(),
                "--listen-client-urls", endpoint(), "--advertise-client-urls", endpoint(),
                "--listen-peer-urls", peer, "--initial-advertise-peer-urls", peer,
                "--initial-cluster", "test=" + peer, "--max-txn-ops", "16");
        process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("etcd.log").toFile())).start();
        try { // waiting for another process to listen, not for time to pass
            Await.until("etcd answering on " + endpoint(), () -> !process.isAlive() || healthy());
        } catch (AssertionError notInTime) {
            // reported below, with the server's log
        }
        if (!process.isAlive() || !healthy()) {
            String log = Files.readString(dir.resolve("etcd.log"));
            stop();
            throw new IllegalStateException("etcd did not start on " + endpoint() + "; its log:\n" + log);
        }
    }

    private boolean healthy() {
        return healthy(clientPort);
    }

    /** Whether GET /health on {@code port} answers healthy (HTTP/1.0 by hand: the test module reads no HTTP client). */
    static boolean healthy(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1_000);
            socket.setSoTimeout(1_000);
            socket.getOutputStream().write("GET /health HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n"
                    .getBytes(StandardCharsets.US_ASCII));
            String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
            return answer.startsWith("HTTP/1.0 200") && answer.contains("\"health\":\"true\"");
        } catch (IOException notYet) {
            return false;
        }
    }

    static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
