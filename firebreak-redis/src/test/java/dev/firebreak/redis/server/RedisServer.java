package dev.firebreak.redis.server;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import dev.firebreak.testkit.Await;
import org.junit.jupiter.api.Assumptions;

/**
 * A real Redis server for the tests: Debian's {@code redis-server} binary on a free loopback port, no
 * persistence. Stopped by {@link #close()} (the tests call it in their finally blocks), restartable on
 * the same port (empty again, as after a crash without persistence).
 */
public final class RedisServer implements AutoCloseable {

    private static final Path BINARY = Path.of("/usr/bin/redis-server");

    private final Path dir;
    private final int port;
    private Process process;

    private RedisServer(Path dir, int port) {
        this.dir = dir;
        this.port = port;
    }

    /** Starts a server, or aborts the calling test, saying why, when Redis is not installed. */
    public static RedisServer start(Path dir) throws Exception {
        if (!Files.isExecutable(BINARY)) {
            String reason = "Redis tests skipped: Debian's redis-server package is not installed (no " + BINARY
                    + "). ./firebreak test installs it when run as root; otherwise: sudo apt-get install -y redis-server";
            System.err.println("*** " + reason);
            Assumptions.abort(reason);
        }
        RedisServer server = new RedisServer(dir, freePort());
        server.startProcess();
        return server;
    }

    /** The server's loopback port. */
    public int port() {
        return port;
    }

    /** The client URI. */
    public String uri() {
        return "redis://127.0.0.1:" + port;
    }

    /** Kills the server (as a crash would). */
    public void stop() throws InterruptedException {
        if (process != null) {
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
            process = null;
        }
    }

    /** Starts it again on the same port. */
    public void restart() throws Exception {
        stop();
        startProcess();
    }

    @Override
    public void close() throws InterruptedException {
        stop();
    }

    private void startProcess() throws Exception {
        List<String> command = List.of(BINARY.toString(), "--port", Integer.toString(port), "--bind", "127.0.0.1",
                "--save", "", "--appendonly", "no", "--dir", dir.toString(), "--maxclients", "64");
        process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("redis.log").toFile())).start();
        try { // waiting for another process to listen, not for time to pass
            Await.until("Redis answering on port " + port, () -> !process.isAlive() || answers());
        } catch (AssertionError notInTime) {
            // reported below, with the server's log
        }
        if (!process.isAlive() || !answers()) {
            String log = Files.readString(dir.resolve("redis.log"));
            stop();
            throw new IllegalStateException("Redis did not start on port " + port + "; its log:\n" + log);
        }
    }

    private boolean answers() {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1_000);
            socket.setSoTimeout(1_000);
            socket.getOutputStream().write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
            InputStream in = socket.getInputStream();
            byte[] reply = new byte[7];
            int read = in.readNBytes(reply, 0, 7);
            return read == 7 && new String(reply, StandardCharsets.US_ASCII).startsWith("+PONG");
        } catch (IOException notYet) {
            return false;
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
