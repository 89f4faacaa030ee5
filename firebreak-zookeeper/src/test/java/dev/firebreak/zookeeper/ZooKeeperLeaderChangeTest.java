package dev.firebreak.zookeeper;

import static dev.firebreak.zookeeper.StoreSupport.PATH;
import static dev.firebreak.zookeeper.StoreSupport.put;
import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.live.ConfigEvent;
import dev.firebreak.live.DynamicConfiguration;
import dev.firebreak.testkit.Await;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryNTimes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A leader change loses nothing: against a real three-server ZooKeeper ensemble on loopback, the leader
 * is killed; the ensemble elects another, the clients move to a live server, and every change written
 * after it reaches the running guard through the watch alone (the poll is an hour).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ZooKeeperLeaderChangeTest {

    private static final String TIMEOUT_KEY = "firebreak.command.g.execution.isolation.thread.timeoutInMilliseconds";

    @TempDir
    Path dir;

    @Test
    void theLeaderKilledEveryLaterChangeStillArrives() throws Exception {
        try (ZooKeeperEnsemble ensemble = ZooKeeperEnsemble.start(dir); CuratorFramework client = client(ensemble);
                CuratorFramework writer = client(ensemble)) {
            put(writer, TIMEOUT_KEY, "600");
            BlockingQueue<ConfigEvent> events = new LinkedBlockingQueue<>();
            GuardRegistry registry = GuardRegistry.builder().build();
            try (ZooKeeperPropertySource source = ZooKeeperPropertySource.watching(client, PATH);
                    DynamicConfiguration config = DynamicConfiguration.builder(registry).source(source)
                            .pollInterval(Duration.ofHours(1)).listener(events::add).build()) {
                Guard guard = registry.guard("g").build();
                assertThat(guard.controls().config().timeout().timeout()).isEqualTo(Duration.ofMillis(600));

                int leader = leader(ensemble, -1);
                ensemble.kill(leader);
                int next = leader(ensemble, leader);
                assertThat(next).as("a new leader among the survivors").isNotEqualTo(leader);

                for (String value : new String[] {"450", "300", "250"}) {
                    put(writer, TIMEOUT_KEY, value); // Curator's retry policy rides out the move to a live server
                    Await.first("the change to " + value, events,
                            e -> e.kind() == ConfigEvent.Kind.APPLIED && value.equals(e.value()));
                    assertThat(guard.controls().config().timeout().timeout()).isEqualTo(Duration.ofMillis(Long.parseLong(value)));
                }
                Await.until("the source connected again", source::connected);
            }
        }
    }

    /** The index of the server that leads now, other than {@code dead}; waits out an election. */
    private static int leader(ZooKeeperEnsemble ensemble, int dead) {
        int[] found = {-1};
        Await.until("a leader elected", () -> {
            for (int i = 0; i < 3; i++) {
                if (i != dead && ensemble.mode(i).equals("leader")) {
                    found[0] = i;
                    return true;
                }
            }
            return false;
        });
        return found[0];
    }

    private static CuratorFramework client(ZooKeeperEnsemble ensemble) throws InterruptedException {
        CuratorFramework client = CuratorFrameworkFactory.builder().connectString(ensemble.connectString())
                .sessionTimeoutMs(6_000).connectionTimeoutMs(2_000).retryPolicy(new RetryNTimes(60, 250)).build();
        client.start();
        if (!client.blockUntilConnected((int) StoreSupport.WAIT_SECONDS, TimeUnit.SECONDS)) {
            client.close();
            throw new IllegalStateException("no connection to " + ensemble.connectString());
        }
        return client;
    }
}
