package dev.firebreak.etcd;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.live.ConfigEvent;
import dev.firebreak.live.DynamicConfiguration;
import dev.firebreak.testkit.Await;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.maintenance.StatusResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A leader change loses nothing: against a real three-member etcd cluster on loopback, the leader is
 * killed; the cluster elects another, and every change written after it reaches the running guard, in
 * order, through a client that knows all three members.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class EtcdLeaderChangeTest {

    private static final String PREFIX = "/firebreak/orders-service/";
    private static final String TIMEOUT_KEY = "firebreak.command.g.execution.isolation.thread.timeoutInMilliseconds";

    @TempDir
    Path dir;

    @Test
    void theLeaderKilledEveryLaterChangeStillArrives() throws Exception {
        try (EtcdCluster cluster = EtcdCluster.start(dir);
                Client client = Client.builder().endpoints(cluster.endpoints().toArray(String[]::new)).build();
                Client writer = Client.builder().endpoints(cluster.endpoints().toArray(String[]::new)).build()) {
            put(writer, "600");
            BlockingQueue<ConfigEvent> events = new LinkedBlockingQueue<>();
            GuardRegistry registry = GuardRegistry.builder().build();
            try (EtcdPropertySource source = EtcdPropertySource.watching(client, PREFIX, Duration.ofSeconds(2));
                    DynamicConfiguration config = DynamicConfiguration.builder(registry).source(source)
                            .pollInterval(Duration.ofMillis(500)).listener(events::add).build()) {
                Guard guard = registry.guard("g").build();
                assertThat(guard.controls().config().timeout().timeout()).isEqualTo(Duration.ofMillis(600));

                int leader = leader(writer, cluster, -1);
                cluster.kill(leader);
                int next = leader(writer, cluster, leader);
                assertThat(next).as("a new leader among the survivors").isNotEqualTo(leader);

                for (String value : new String[] {"450", "300", "250"}) {
                    put(writer, value);
                    Await.first("the change to " + value, events,
                            e -> e.kind() == ConfigEvent.Kind.APPLIED && value.equals(e.value()));
                    assertThat(guard.controls().config().timeout().timeout()).isEqualTo(Duration.ofMillis(Long.parseLong(value)));
                }
                Await.until("the source reads healthy", () -> !config.sources().getFirst().failing());
            }
        }
    }

    /** The index of the member that leads now, asked of a member other than {@code dead}; waits out an election. */
    private static int leader(Client client, EtcdCluster cluster, int dead) throws Exception {
        int[] found = {-1};
        Await.until("a leader elected", () -> {
            for (int i = 0; i < 3; i++) {
                if (i == dead) {
                    continue;
                }
                try {
                    StatusResponse status = client.getMaintenanceClient().statusMember(cluster.endpoint(i)).get(2, TimeUnit.SECONDS);
                    if (status.getLeader() != 0 && status.getLeader() == status.getHeader().getMemberId()) {
                        found[0] = i;
                        return true;
                    }
                } catch (ExecutionException | TimeoutException notNow) {
                    // this member is not answering yet; ask the next
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException(interrupted);
                }
            }
            return false;
        });
        return found[0];
    }

    /** Writes the timeout key, trying again while the cluster is between leaders (a bounded wait on the real servers). */
    private static void put(Client client, String value) throws Exception {
        ByteSequence key = ByteSequence.from(PREFIX + TIMEOUT_KEY, StandardCharsets.UTF_8);
        ByteSequence bytes = ByteSequence.from(value, StandardCharsets.UTF_8);
        Await.until("the write of " + value + " accepted", () -> {
            try {
                client.getKVClient().put(key, bytes).get(2, TimeUnit.SECONDS);
                return true;
            } catch (ExecutionException | TimeoutException duringElection) {
                return false;
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(interrupted);
            }
        });
    }
}
