package dev.firebreak.zookeeper;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import dev.firebreak.testkit.Await;

/**
 * A real three-server ZooKeeper ensemble for the tests: Debian's {@code zookeeper} package's jars, each
 * server in a child JVM with its own data folder and free loopback ports (client, quorum, election),
 * all stopped by {@link #close()} (the tests call it in their finally blocks). A server can be killed, as
 * a crash would, to make the ensemble elect a new leader.
 */
final class ZooKeeperEnsemble implements AutoCloseable {

    private static final int SERVERS = 3;

    private final Path dir;
    private final int[] clientPorts = new int[SERVERS];
    private final int[] quorumPorts = new int[SERVERS];
    private final int[] electionPorts = new int[SERVERS];
    private final Process[] processes = new Process[SERVERS];

    private ZooKeeperEnsemble(Path dir) throws IOException {
        this.dir = dir;
        for (int i = 0; i < SERVERS; i++) {
            clientPorts[i] = ZooKeeperServer.freePort();
            quorumPorts[i] = ZooKeeperServer.freePort();
            electionPorts[i] = ZooKeeperServer.freePort();
        }
    }

    /** Starts the three servers and waits until each serves as leader or follower, or aborts the test when ZooKeeper is not installed. */
    static ZooKeeperEnsemble start(Path dir) throws Exception {
        ZooKeeperServer.requireInstalled();
        ZooKeeperEnsemble ensemble = new ZooKeeperEnsemble(dir);
        try {
            for (int i = 0; i < SERVERS; i++) {
                ensemble.startServer(i);
            }
            for (int i = 0; i < SERVERS; i++) {
                int server = i;
                Await.until("ZooKeeper server " + i + " in the quorum", () -> !ensemble.mode(server).isEmpty());
            }
        } catch (Exception | Error failed) {
            ensemble.close();
            throw failed;
        }
        return ensemble;
    }

    /** The connect string naming every server. */
    String connectString() {
        List<String> servers = new ArrayList<>();
        for (int port : clientPorts) {
            servers.add("127.0.0.1:" + port);
        }
        return String.join(",", servers);
    }

    /** Server {@code i}'s role, {@code leader} or {@code follower}, or empty while it serves none (down, or electing). */
    String mode(int i) {
        String answer = srvr(i);
        int at = answer.indexOf("Mode: ");
        if (at < 0) {
            return "";
        }
        String mode = answer.substring(at + 6).lines().findFirst().orElse("").strip();
        return mode.equals("leader") || mode.equals("follower") ? mode : "";
    }

    /** Kills server {@code i} at once (SIGKILL). */
    void kill(int i) throws InterruptedException {
        Process process = processes[i];
        if (process != null) {
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
            processes[i] = null;
        }
    }

    @Override
    public void close() throws InterruptedException {
        for (int i = 0; i < SERVERS; i++) {
            kill(i);
        }
    }

    private void startServer(int i) throws IOException {
        Path home = Files.createDirectories(dir.resolve("zk" + i).resolve("data"));
        Files.writeString(home.resolve("myid"), Integer.toString(i + 1));
        List<String> config = new ArrayList<>(List.of("dataDir=" + home, "clientPort=" + clientPorts[i],
                "clientPortAddress=127.0.0.1", "tickTime=500", "initLimit=10", "syncLimit=5", "maxClientCnxns=20",
                "admin.enableServer=false", "4lw.commands.whitelist=srvr"));
        for (int s = 0; s < SERVERS; s++) {
            config.add("server." + (s + 1) + "=127.0.0.1:" + quorumPorts[s] + ":" + electionPorts[s]);
        }
        Path file = dir.resolve("zk" + i).resolve("zoo.cfg");
        Files.writeString(file, String.join("\n", config) + "\n");
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xmx128m");
        command.add("-cp");
        command.add(String.join(":",
                ZooKeeperServer.CLASS_PATH.stream().map(jar -> ZooKeeperServer.JARS.resolve(jar).toString()).toList()));
        command.add("org.apache.zookeeper.server.quorum.QuorumPeerMain");
        command.add(file.toString());
        processes[i] = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("zk" + i + ".log").toFile())).start();
    }

    private String srvr(int i) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), clientPorts[i]), 1_000);
            socket.setSoTimeout(1_000);
            OutputStream out = socket.getOutputStream();
            out.write("srvr".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            return new String(in.readAllBytes(), StandardCharsets.US_ASCII);
        } catch (IOException notServing) {
            return "";
        }
    }
}
