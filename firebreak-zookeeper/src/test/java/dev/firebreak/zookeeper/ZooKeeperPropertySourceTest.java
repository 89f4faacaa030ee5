package dev.firebreak.zookeeper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static dev.firebreak.zookeeper.StoreSupport.PATH;
import static dev.firebreak.zookeeper.StoreSupport.WAIT_SECONDS;
import static dev.firebreak.zookeeper.StoreSupport.bytes;
import static dev.firebreak.zookeeper.StoreSupport.client;
import static dev.firebreak.zookeeper.StoreSupport.put;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.live.ConfigEvent;
import dev.firebreak.testkit.Await;
import dev.firebreak.live.DynamicConfiguration;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryNTimes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The source against a real ZooKeeper server (Debian's package, started and stopped by each test on a
 * loopback port): pushed changes reach a running guard, a multi-key transaction is read whole, a bad
 * value is refused with the last valid one kept (a transaction with one bad value applies nothing), an outage is reported with the last values kept and
 * healed on reconnection, and a session expiry loses no change.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ZooKeeperPropertySourceTest {

    private static final String TIMEOUT_KEY = "firebreak.command.g.execution.isolation.thread.timeoutInMilliseconds";

    @TempDir
    Path dir;

    @Test
    void aChangeWrittenToTheStoreReachesARunningGuardWithoutAPoll() throws Exception {
        try (ZooKeeperServer server = ZooKeeperServer.start(dir); CuratorFramework client = client(server)) {
            put(client, TIMEOUT_KEY, "1000");
            BlockingQueue<ConfigEvent> events = new LinkedBlockingQueue<>();
            GuardRegistry registry = GuardRegistry.builder().build();
            try (ZooKeeperPropertySource source = ZooKeeperPropertySource.watching(client, PATH);
                    DynamicConfiguration config = DynamicConfiguration.builder(registry).source(source)
                            .pollInterval(Duration.ofHours(1)) // only the push can bring the change in time
                            .listener(events::add).build()) {
                Guard guard = registry.guard("g").build();
                assertThat(guard.controls().config().timeout().timeout()).isEqualTo(Duration.ofMillis(1000));
                long before = source.revision();

                put(client, TIMEOUT_KEY, "250");

                Await.first("the configuration event", events, e -> e.kind() == ConfigEvent.Kind.APPLIED && "250".equals(e.value()));
                assertThat(guard.controls().config().timeout().timeout()).isEqualTo(Duration.ofMillis(250));
                assertThat(source.revision()).as("the revision is the store's zxid of the change").isGreaterThan(before);
                assertThat(config.sources()).singleElement().satisfies(status -> { // what the endpoint shows per key
                    assertThat(status.revision()).isEqualTo("0x" + Long.toHexString(source.revision()));
                    assertThat(status.keys()).contains(TIMEOUT_KEY);
                });
                assertThat(source.name()).isEqualTo("zookeeper:" + server.connectString() + PATH);
            }
        }
    }

    @Test
    void aMultiKeyTransactionIsReadWholeOrNotAtAll() throws Exception {
        try (ZooKeeperServer server = ZooKeeperServer.start(dir); CuratorFramework client = client(server);
                CuratorFramework writer = client(server);
                ZooKeeperPropertySource source = ZooKeeperPropertySource.watching(client, PATH)) {
            put(writer, "a", "0");
            put(writer, "b", "0");
            ExecutorService pool = Executors.newSingleThreadExecutor();
            try {
                Future<?> writes = pool.submit(() -> {
                    for (int i = 1; i <= 300; i++) { // both keys in one transaction, each time
                        writer.transaction().forOperations(
                                writer.transactionOp().setData().forPath(PATH + "/a", bytes(Integer.toString(i))),
                                writer.transactionOp().setData().forPath(PATH + "/b", bytes(Integer.toString(i))));
                    }
                    return null;
                });
                Set<String> seen = new HashSet<>();
                int mixed = 0;
                while (!writes.isDone()) { // bounded by the writer's 300 transactions
                    Map<String, String> snapshot = source.read();
                    seen.add(snapshot.get("a"));
                    if (!snapshot.get("a").equals(snapshot.get("b"))) {
                        mixed++;
                    }
                }
                writes.get(WAIT_SECONDS, TimeUnit.SECONDS);
                assertThat(mixed).as("snapshots holding half a transaction").isZero();
                assertThat(seen.size()).as("reads that overlapped the writes (else this proves nothing)").isGreaterThan(10);
                assertThat(source.read()).containsEntry("a", "300").containsEntry("b", "300");
            } finally {
                pool.shutdownNow();
            }
        }
    }

    @Test
    void aBadValueIsRefusedNamingItsKeyAndTheLastValidValueStays() throws Exception {
        try (ZooKeeperServer server = ZooKeeperServer.start(dir); CuratorFramework client = client(server)) {
            put(client, TIMEOUT_KEY, "700");
            BlockingQueue<ConfigEvent> events = new LinkedBlockingQueue<>();
            GuardRegistry registry = GuardRegistry.builder().build();
            try (ZooKeeperPropertySource source = ZooKeeperPropertySource.watching(client, PATH);
                    DynamicConfiguration config = DynamicConfiguration.builder(registry).source(source)
                            .listener(events::add).build()) {
                Guard guard = registry.guard("g").build();

                put(client, TIMEOUT_KEY, "soon");

                ConfigEvent refused = Await.first("the configuration event", events, e -> e.kind() == ConfigEvent.Kind.REFUSED);
                assertThat(refused.key()).isEqualTo(TIMEOUT_KEY);
                assertThat(refused.value()).isEqualTo("soon");
                assertThat(guard.controls().config().timeout().timeout()).isEqualTo(Duration.ofMillis(700));
            }
        }
    }

    /** A partial multi-key write: one transaction of two keys, one value bad; neither applies until fixed. */
    @Test
    void aTransactionWithOneBadValueAppliesNothingOfIt() throws Exception {
        String threshold = "firebreak.command.g.circuitBreaker.errorThresholdPercentage";
        try (ZooKeeperServer server = ZooKeeperServer.start(dir); CuratorFramework client = client(server)) {
            put(client, TIMEOUT_KEY, "700");
            put(client, threshold, "40");
            BlockingQueue<ConfigEvent> events = new LinkedBlockingQueue<>();
            GuardRegistry registry = GuardRegistry.builder().build();
            try (ZooKeeperPropertySource source = ZooKeeperPropertySource.watching(client, PATH);
                    DynamicConfiguration config = DynamicConfiguration.builder(registry).source(source)
                            .listener(events::add).build()) {
                Guard guard = registry.guard("g").build();

                client.transaction().forOperations(
                        client.transactionOp().setData().forPath(PATH + "/" + TIMEOUT_KEY, bytes("900")),
                        client.transactionOp().setData().forPath(PATH + "/" + threshold, bytes("lots")));

                ConfigEvent refused = Await.first("the refusal", events, e -> e.kind() == ConfigEvent.Kind.REFUSED);
                assertThat(refused.key()).isEqualTo(threshold);
                assertThat(refused.message()).contains("lots", "refused whole", "0x");
                config.refresh();
                assertThat(guard.controls().config().timeout().timeout()).as("the good half of the write")
                        .isEqualTo(Duration.ofMillis(700));
                assertThat(guard.controls().config().breaker().errorThresholdPercentage()).isEqualTo(40);
                assertThat(events).noneMatch(e -> e.kind() == ConfigEvent.Kind.APPLIED);

                put(client, threshold, "30"); // the operator's fix: the whole change applies
                Await.first("the timeout applied", events, e -> e.kind() == ConfigEvent.Kind.APPLIED && "900".equals(e.value()));
                assertThat(guard.controls().config().breaker().errorThresholdPercentage()).isEqualTo(30);
            }
        }
    }

    @Test
    void anOutageKeepsTheLastValuesSaysSoAndHealsOnReconnection() throws Exception {
        try (ZooKeeperServer server = ZooKeeperServer.start(dir); CuratorFramework client = client(server)) {
            put(client, TIMEOUT_KEY, "600");
            BlockingQueue<ConfigEvent> events = new LinkedBlockingQueue<>();
            GuardRegistry registry = GuardRegistry.builder().build();
            try (ZooKeeperPropertySource source = ZooKeeperPropertySource.watching(client, PATH);
                    DynamicConfiguration config = DynamicConfiguration.builder(registry).source(source)
                            .pollInterval(Duration.ofHours(1)).listener(events::add).build()) {
                Guard guard = registry.guard("g").build();

                server.stop();

                ConfigEvent failed = Await.first("the configuration event", events, e -> e.kind() == ConfigEvent.Kind.SOURCE_FAILED);
                assertThat(failed.message()).contains("unreachable", "the last values read stay in force");
                assertThat(source.connected()).isFalse();
                assertThatThrownBy(source::read).isInstanceOf(IOException.class);
                assertThat(guard.controls().config().timeout().timeout()).as("kept through the outage")
                        .isEqualTo(Duration.ofMillis(600));
                assertThat(config.sources()).singleElement().satisfies(status -> { // stale, reported as such
                    assertThat(status.failing()).isTrue();
                    assertThat(status.keys()).contains(TIMEOUT_KEY);
                });

                server.restart();
                put(client, TIMEOUT_KEY, "450"); // Curator retries until the connection is back

                Await.first("the configuration event", events, e -> e.kind() == ConfigEvent.Kind.APPLIED && "450".equals(e.value()));
                assertThat(source.connected()).isTrue();
                assertThat(guard.controls().config().timeout().timeout()).isEqualTo(Duration.ofMillis(450));
                assertThat(config.sources().getFirst().failing()).as("healed").isFalse();
            }
        }
    }

    @Test
    void aSessionExpiryLosesNoChange() throws Exception {
        try (ZooKeeperServer server = ZooKeeperServer.start(dir); CuratorFramework client = client(server);
                CuratorFramework writer = client(server)) {
            put(writer, TIMEOUT_KEY, "800");
            BlockingQueue<ConfigEvent> events = new LinkedBlockingQueue<>();
            GuardRegistry registry = GuardRegistry.builder().build();
            try (ZooKeeperPropertySource source = ZooKeeperPropertySource.watching(client, PATH);
                    DynamicConfiguration config = DynamicConfiguration.builder(registry).source(source)
                            .pollInterval(Duration.ofHours(1)).listener(events::add).build()) {
                Guard guard = registry.guard("g").build();

                // The server drops the session and its watches; the change is written meanwhile.
                client.getZookeeperClient().getZooKeeper().getTestable().injectSessionExpiration();
                put(writer, TIMEOUT_KEY, "350");

                Await.first("the configuration event", events, e -> e.kind() == ConfigEvent.Kind.APPLIED && "350".equals(e.value()));
                assertThat(guard.controls().config().timeout().timeout()).isEqualTo(Duration.ofMillis(350));

                put(writer, TIMEOUT_KEY, "300"); // the watch of the new session

                Await.first("the configuration event", events, e -> e.kind() == ConfigEvent.Kind.APPLIED && "300".equals(e.value()));
                assertThat(guard.controls().config().timeout().timeout()).isEqualTo(Duration.ofMillis(300));
            }
        }
    }

    @Test
    void aPathMustBeAbsolute() throws Exception {
        try (CuratorFramework unused = CuratorFrameworkFactory.newClient("127.0.0.1:1", new RetryNTimes(0, 0))) {
            assertThatThrownBy(() -> ZooKeeperPropertySource.watching(unused, "firebreak/x"))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("path: 'firebreak/x' is not an absolute ZooKeeper path");
            assertThatThrownBy(() -> ZooKeeperPropertySource.watching(unused, "/firebreak/"))
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }
}
