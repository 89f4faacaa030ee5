package dev.firebreak.zookeeper;

import static dev.firebreak.zookeeper.StoreSupport.PATH;
import static dev.firebreak.zookeeper.StoreSupport.bytes;
import static dev.firebreak.zookeeper.StoreSupport.client;
import static dev.firebreak.zookeeper.StoreSupport.put;
import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.breaker.BreakerMode;
import dev.firebreak.live.ConfigEvent;
import dev.firebreak.testkit.Await;
import dev.firebreak.live.DynamicConfiguration;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * An incident handled from the store: three instances (each a registry with its own ZooKeeper client and
 * live configuration, as three pods would have) watch one node; an operator forces the guard's breaker
 * open, then closed, then disables it, and lowers its concurrency limit, each by writing documented keys
 * once, and every instance follows.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class FleetOperationsTest {

    private static final String BREAKER = "firebreak.command.orders.circuitBreaker.";
    private static final String LIMIT = "firebreak.command.orders.execution.isolation.semaphore.maxConcurrentRequests";

    @TempDir
    Path dir;

    @Test
    void everyInstanceFollowsOneWriteOfTheOperationKeys() throws Exception {
        List<Instance> fleet = new ArrayList<>();
        try (ZooKeeperServer server = ZooKeeperServer.start(dir); CuratorFramework operator = client(server)) {
            put(operator, LIMIT, "10");
            for (int i = 0; i < 3; i++) {
                fleet.add(new Instance(client(server)));
            }
            for (Instance instance : fleet) {
                assertThat(instance.call()).isEqualTo("served");
            }

            put(operator, BREAKER + "forceOpen", "true");
            for (Instance instance : fleet) {
                instance.awaitApplied(BREAKER + "forceOpen", "true");
                assertThat(instance.guard.controls().circuitBreaker().mode()).isEqualTo(BreakerMode.FORCED_OPEN);
                assertThat(instance.call()).isEqualTo("fallback after ShortCircuitedException");
            }

            // Open to closed in one transaction: no instance sees both flags off (or both on) in between.
            operator.transaction().forOperations(
                    operator.transactionOp().setData().forPath(PATH + "/" + BREAKER + "forceOpen", bytes("false")),
                    operator.transactionOp().create().forPath(PATH + "/" + BREAKER + "forceClosed", bytes("true")));
            for (Instance instance : fleet) {
                instance.awaitApplied(BREAKER + "forceClosed", "true");
                assertThat(instance.guard.controls().circuitBreaker().mode()).isEqualTo(BreakerMode.FORCED_CLOSED);
                assertThat(instance.call()).isEqualTo("served");
            }

            put(operator, BREAKER + "enabled", "false");
            for (Instance instance : fleet) {
                instance.awaitApplied(BREAKER + "enabled", "false");
                assertThat(instance.guard.controls().circuitBreaker().mode()).isEqualTo(BreakerMode.DISABLED);
            }

            put(operator, LIMIT, "1"); // a call that makes a second call while it holds the only permit
            for (Instance instance : fleet) {
                instance.awaitApplied(LIMIT, "1");
                assertThat(instance.guard.execute(() -> instance.call(), failure -> "outer fallback"))
                        .isEqualTo("fallback after RejectedException");
            }
        } finally {
            for (Instance instance : fleet) {
                instance.close();
            }
        }
    }

    /** One instance of the service: its registry, ZooKeeper client, source and live configuration. */
    private static final class Instance implements AutoCloseable {
        final CuratorFramework client;
        final BlockingQueue<ConfigEvent> events = new LinkedBlockingQueue<>();
        final ZooKeeperPropertySource source;
        final DynamicConfiguration config;
        final Guard guard;

        Instance(CuratorFramework client) {
            this.client = client;
            GuardRegistry registry = GuardRegistry.builder().build();
            this.source = ZooKeeperPropertySource.watching(client, PATH);
            this.config = DynamicConfiguration.builder(registry).source(source)
                    .pollInterval(Duration.ofHours(1)) // only the push can bring the changes in time
                    .listener(events::add).build();
            this.guard = registry.guard("orders").isolation(Isolation.semaphore(10)).build();
        }

        String call() {
            return guard.execute(() -> "served", failure -> "fallback after " + failure.getClass().getSimpleName());
        }

        void awaitApplied(String key, String value) throws InterruptedException {
            Await.first("the configuration event", events, e -> e.kind() == ConfigEvent.Kind.APPLIED && key.equals(e.key()) && value.equals(e.value()));
        }

        @Override
        public void close() {
            config.close();
            source.close();
            client.close();
        }
    }
}
