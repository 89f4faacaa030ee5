package dev.firebreak.lab.experiment.fleet;

import dev.firebreak.time.Ticker;
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
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * A real server the fleet experiment runs beside its instances: Debian's {@code redis-server},
 * {@code zookeeper} or {@code etcd-server}, on free loopback ports, with a folder of its own in the run's
 * scratch space. Killable and restartable on the same port (Redis comes back empty, as after a crash
 * without persistence). The experiment stops every server it starts, also on failure.
 */
final class StoreServer implements AutoCloseable {

    /** The three engines and the file each Debian package installs. */
    enum Kind {
        REDIS("redis-server", Path.of("/usr/bin/redis-server")),
        ZOOKEEPER("zookeeper", Path.of("/usr/share/java/zookeeper.jar")),
        ETCD("etcd-server", Path.of("/usr/bin/etcd"));

        private final String debianPackage;
        private final Path installed;

        Kind(String debianPackage, Path installed) {
            this.debianPackage = debianPackage;
            this.installed = installed;
        }

        /** Its name in the CSV and the scratch folder: {@code redis}, {@code zookeeper}, {@code etcd}. */
        String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }

        /** Why this engine cannot run here, or empty when it can. */
        Optional<String> missing() {
            return Files.exists(installed) ? Optional.empty()
                    : Optional.of("Debian's " + debianPackage + " is not installed (no " + installed
                            + "); ./firebreak test installs it when run as root, otherwise: sudo apt-get install -y "
                            + debianPackage);
        }
    }

    private static final List<String> ZOOKEEPER_JARS = List.of("zookeeper.jar", "zookeeper-jute.jar", "slf4j-api.jar",
            "netty-handler.jar", "netty-transport.jar", "netty-common.jar", "netty-buffer.jar", "netty-resolver.jar",
            "netty-codec.jar", "netty-transport-native-epoll.jar", "netty-transport-native-unix-common.jar",
            "commons-io.jar", "metrics-core.jar", "snappy-java.jar");

    private final Kind kind;
    private final Path dir;
    private final int port;
    private final int peerPort;
    private Process process;

    private StoreServer(Kind kind, Path dir) throws IOException {
        this.kind = kind;
        this.dir = Files.createDirectories(dir);
        this.port = freePort();
        this.peerPort = kind == Kind.ETCD ? freePort() : 0;
    }

    /** Starts a server of {@code kind} in {@code dir}; fails, naming the package, when it is not installed. */
    static StoreServer start(Kind kind, Path dir) throws Exception {
        Optional<String> missing = kind.missing();
        if (missing.isPresent()) {
            throw new IllegalStateException(missing.get());
        }
        StoreServer server = new StoreServer(kind, dir);
        server.startProcess();
        return server;
    }

    /** Where clients connect: {@code redis://...}, a ZooKeeper connect string, or an etcd endpoint. */
    String address() {
        return switch (kind) {
            case REDIS -> "redis://127.0.0.1:" + port;
            case ZOOKEEPER -> "127.0.0.1:" + port;
            case ETCD -> "http://127.0.0.1:" + port;
        };
    }

    /** Kills the server, as a crash would. */
    void kill() throws InterruptedException {
        if (process != null) {
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
            process = null;
        }
    }

    /** Starts it again on the same port. */
    void restart() throws Exception {
        kill();
        startProcess();
    }

    @Override
    public void close() throws InterruptedException {
        if (process != null) {
            process.destroy();
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
            process = null;
        }
    }

    private void startProcess() throws Exception {
        Path log = dir.resolve("server.log");
        process = new ProcessBuilder(command()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        BooleanSupplier answers = switch (kind) {
            case REDIS -> () -> exchange("PING\r\n", 7).startsWith("+PONG");
            case ZOOKEEPER -> () -> exchange("srvr", -1).contains("Mode: standalone");
            case ETCD -> () -> exchange("GET /health HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n", -1).contains("\"health\":\"true\"");
        };
        long deadline = Ticker.system().read() + TimeUnit.SECONDS.toNanos(30);
        while (process.isAlive() && !answers.getAsBoolean() && Ticker.system().read() < deadline) {
            Thread.sleep(50); // another process is starting; nothing here can tell us sooner
        }
        if (!process.isAlive() || !answers.getAsBoolean()) {
            kill();
            throw new IllegalStateException(kind + " did not start on port " + port + "; its log:\n" + Files.readString(log));
        }
    }

    private List<String> command() throws IOException {
        return switch (kind) {
            case REDIS -> List.of(kind.installed.toString(), "--port", Integer.toString(port), "--bind", "127.0.0.1",
                    "--save", "", "--appendonly", "no", "--dir", dir.toString(), "--maxclients", "128");
            case ZOOKEEPER -> {
                Path config = dir.resolve("zoo.cfg");
                Files.writeString(config, String.join("\n", "dataDir=" + dir.resolve("data"), "clientPort=" + port,
                        "clientPortAddress=127.0.0.1", "tickTime=500", "maxClientCnxns=60", "admin.enableServer=false",
                        "4lw.commands.whitelist=srvr", ""));
                List<String> jars = new ArrayList<>();
                for (String jar : ZOOKEEPER_JARS) {
                    jars.add(Path.of("/usr/share/java", jar).toString());
                }
                yield List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx128m",
                        "-XX:+UseSerialGC", "-cp", String.join(":", jars), "org.apache.zookeeper.server.ZooKeeperServerMain",
                        config.toString());
            }
            case ETCD -> {
                String client = address();
                String peer = "http://127.0.0.1:" + peerPort;
                yield List.of(kind.installed.toString(), "--name", "lab", "--data-dir", dir.resolve("data").toString(),
                        "--listen-client-urls", client, "--advertise-client-urls", client, "--listen-peer-urls", peer,
                        "--initial-advertise-peer-urls", peer, "--initial-cluster", "lab=" + peer);
            }
        };
    }

    /** Sends {@code request} on a fresh connection and returns the answer (its first bytes, or all of it). */
    private String exchange(String request, int bytes) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1_000);
            socket.setSoTimeout(1_000);
            OutputStream out = socket.getOutputStream();
            out.write(request.getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            byte[] answer = bytes < 0 ? in.readAllBytes() : in.readNBytes(bytes);
            return new String(answer, StandardCharsets.US_ASCII);
        } catch (IOException notYet) {
            return "";
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
