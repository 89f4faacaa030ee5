package dev.firebreak.zookeeper;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import dev.firebreak.testkit.Await;
import org.junit.jupiter.api.Assumptions;

/**
 * A real ZooKeeper server for the tests: Debian's {@code zookeeper} package's jars, run standalone in a
 * child JVM on a free loopback port with a data folder of its own. Stopped by {@link #close()} (the tests
 * call it in their finally blocks), restartable on the same port and data. Other modules' tests reach it
 * through this module's test jar.
 */
public final class ZooKeeperServer implements AutoCloseable {

    /** Where Debian's zookeeper and libzookeeper-java packages put the server's jars. */
    static final Path JARS = Path.of("/usr/share/java");
    static final List<String> CLASS_PATH = List.of("zookeeper.jar", "zookeeper-jute.jar", "slf4j-api.jar",
            "netty-handler.jar", "netty-transport.jar", "netty-common.jar", "netty-buffer.jar", "netty-resolver.jar",
            "netty-codec.jar", "netty-transport-native-epoll.jar", "netty-transport-native-unix-common.jar",
            "commons-io.jar", "metrics-core.jar", "snappy-java.jar");

    private final Path dataDir;
    private final Path config;
    private final int port;
    private Process process;

    private ZooKeeperServer(Path dataDir, int port) throws IOException {
        this.dataDir = dataDir;
        this.port = port;
        this.config = dataDir.resolve("zoo.cfg");
        Files.writeString(config, String.join("\n",
                "dataDir=" + dataDir.resolve("data"),
                "clientPort=" + port,
                "clientPortAddress=127.0.0.1",
                "tickTime=500", // sessions from 1 s: expiry tests stay short
                "maxClientCnxns=20",
                "admin.enableServer=false",
                "4lw.commands.whitelist=srvr",
                ""));
    }

    /** Starts a server in {@code dir}, or aborts the calling test, saying why, when ZooKeeper is not installed. */
    public static ZooKeeperServer start(Path dir) throws Exception {
        requireInstalled();
        ZooKeeperServer server = new ZooKeeperServer(dir, freePort());
        server.startProcess();
        return server;
    }

    /** Aborts the calling test, saying why, when ZooKeeper is not installed. */
    static void requireInstalled() {
        if (!Files.isRegularFile(JARS.resolve("zookeeper.jar"))) {
            String reason = "ZooKeeper tests skipped: Debian's zookeeper package is not installed (no "
                    + JARS.resolve("zookeeper.jar") + "). ./firebreak test installs it when run as root;"
                    + " otherwise: sudo apt-get install -y zookeeper";
            System.err.println("*** " + reason);
            Assumptions.abort(reason);
        }
    }

    /** The client connection string. */
    public String connectString() {
        return "127.0.0.1:" + port;
    }

    /** Stops the server (its data stays). */
    public void stop() throws InterruptedException {
        if (process != null) {
            process.destroy();
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
            process = null;
        }
    }

    /** Starts it again on the same port with the same data. */
    public void restart() throws Exception {
        stop();
        startProcess();
    }

    @Override
    public void close() throws InterruptedException {
        stop();
    }

    private void startProcess() throws Exception {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xmx128m");
        command.add("-cp");
        command.add(String.join(":", CLASS_PATH.stream().map(jar -> JARS.resolve(jar).toString()).toList()));
        command.add("org.apache.zookeeper.server.ZooKeeperServerMain");
        command.add(config.toString());
        process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(dataDir.resolve("server.log").toFile())).start();
        try { // waiting for another process to listen, not for time to pass
            Await.until("ZooKeeper answering on " + connectString(), () -> !process.isAlive() || answers());
        } catch (AssertionError notInTime) {
            // reported below, with the server's log
        }
        if (!process.isAlive() || !answers()) {
            String log = Files.readString(dataDir.resolve("server.log"));
            stop();
            throw new IllegalStateException("ZooKeeper did not start on " + connectString() + "; its log:\n" + log);
        }
    }

    /** Whether the server answers the srvr command as a standalone server. */
    private boolean answers() {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1_000);
            socket.setSoTimeout(1_000);
            OutputStream out = socket.getOutputStream();
            out.write("srvr".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            return new String(in.readAllBytes(), StandardCharsets.US_ASCII).contains("Mode: standalone");
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
