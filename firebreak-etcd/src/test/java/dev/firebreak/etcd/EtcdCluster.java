package dev.firebreak.etcd;

import java.io.IOException;
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
 * A real three-member etcd cluster for the tests: Debian's {@code etcd-server} binary, each member on
 * free loopback ports with a data folder of its own, all stopped by {@link #close()} (the tests call it
 * in their finally blocks). A member can be killed, as a crash would, to make the cluster elect a new
 * leader.
 */
final class EtcdCluster implements AutoCloseable {

    private static final Path BINARY = Path.of("/usr/bin/etcd");
    private static final int MEMBERS = 3;

    private final Path dir;
    private final int[] clientPorts = new int[MEMBERS];
    private final int[] peerPorts = new int[MEMBERS];
    private final Process[] processes = new Process[MEMBERS];

    private EtcdCluster(Path dir) throws IOException {
        this.dir = dir;
        for (int i = 0; i < MEMBERS; i++) {
            clientPorts[i] = freePort();
            peerPorts[i] = freePort();
        }
    }

    /** Starts the three members and waits until each answers healthy, or aborts the test when etcd is not installed. */
    static EtcdCluster start(Path dir) throws Exception {
        if (!Files.isExecutable(BINARY)) {
            String reason = "etcd tests skipped: Debian's etcd-server package is not installed (no " + BINARY
                    + "). ./firebreak test installs it when run as root; otherwise: sudo apt-get install -y etcd-server";
            System.err.println("*** " + reason);
            Assumptions.abort(reason);
        }
        EtcdCluster cluster = new EtcdCluster(dir);
        try {
            for (int i = 0; i < MEMBERS; i++) {
                cluster.startMember(i);
            }
            for (int i = 0; i < MEMBERS; i++) {
                int member = i;
                Await.until("etcd member " + i + " healthy", () -> cluster.healthy(member));
            }
        } catch (Exception | Error failed) {
            cluster.close();
            throw failed;
        }
        return cluster;
    }

    /** Every member's client endpoint. */
    List<String> endpoints() {
        List<String> endpoints = new ArrayList<>();
        for (int port : clientPorts) {
            endpoints.add("http://127.0.0.1:" + port);
        }
        return endpoints;
    }

    /** Member {@code i}'s client endpoint. */
    String endpoint(int i) {
        return "http://127.0.0.1:" + clientPorts[i];
    }

    /** Kills member {@code i} at once (SIGKILL). */
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
        for (int i = 0; i < MEMBERS; i++) {
            kill(i);
        }
    }

    private void startMember(int i) throws IOException {
        List<String> initial = new ArrayList<>();
        for (int m = 0; m < MEMBERS; m++) {
            initial.add("m" + m + "=http://127.0.0.1:" + peerPorts[m]);
        }
        String peer = "http://127.0.0.1:" + peerPorts[i];
        List<String> command = List.of(BINARY.toString(), "--name", "m" + i, "--data-dir", dir.resolve("m" + i).toString(),
                "--listen-client-urls", endpoint(i), "--advertise-client-urls", endpoint(i),
                "--listen-peer-urls", peer, "--initial-advertise-peer-urls", peer,
                "--initial-cluster", String.join(",", initial), "--initial-cluster-state", "new",
                "--initial-cluster-token", "firebreak-test", "--heartbeat-interval", "50", "--election-timeout", "500");
        processes[i] = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("m" + i + ".log").toFile())).start();
    }

    /** Whether member {@code i} answers GET /health healthy (HTTP/1.0 by hand). */
    private boolean healthy(int i) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), clientPorts[i]), 1_000);
            socket.setSoTimeout(1_000);
            socket.getOutputStream().write("GET /health HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
            return answer.startsWith("HTTP/1.0 200") && answer.contains("\"health\":\"true\"");
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
