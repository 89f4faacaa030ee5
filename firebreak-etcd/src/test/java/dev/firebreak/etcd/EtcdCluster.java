package dev.firebreak.etcd;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import dev.firebreak.testkit.Await;

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
            clientPorts[i] = EtcdServer.freePort();
            peerPorts[i] = EtcdServer.freePort();
        }
    }

    /** Starts the three members and waits until each answers healthy, or aborts the test when etcd is not installed. */
    static EtcdCluster start(Path dir) throws Exception {
        EtcdServer.requireInstalled();
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

    private boolean healthy(int i) {
        return EtcdServer.healthy(clientPorts[i]);
    }
}
