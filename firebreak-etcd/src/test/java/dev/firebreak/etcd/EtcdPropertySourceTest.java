package dev.firebreak.etcd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.live.ConfigEvent;
import dev.firebreak.testkit.Await;
import dev.firebreak.live.DynamicConfiguration;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.op.Op;
import io.etcd.jetcd.options.PutOption;
import java.nio.charset.StandardCharsets;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The source against a real etcd server (Debian's package, started and stopped by each test on loopback
 * ports): pushed changes reach a running guard, a multi-key transaction is read whole, a bad value is
 * refused with the last valid one kept, and an outage is reported with the last values kept and healed
 * when the server is back.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class EtcdPropertySourceTest {

    private static final String PREFIX = "/firebreak/orders-service/";
    private static final String TIMEOUT_KEY = "firebreak.command.g.execution.isolation.thread.timeoutInMilliseconds";
    private static final String THRESHOLD_KEY = "firebreak.command.g.circuitBreaker.errorThresholdPercentage";
    /** How long a test waits for the store's push to arrive: a bound on a real server's round trips, never a pause. */
    private static final long WAIT_SECONDS = 20;

    @TempDir
    Path dir;

    @Test
    void aChangeWrittenToTheStoreReachesARunningGuardWithoutAPoll() throws Exception {
        try (EtcdServer server = EtcdServer.start(dir); Client client = client(server)) {
            put(client, TIMEOUT_KEY, "1000");
            put(client, "", "the prefix itself is not a property");
            BlockingQueue<ConfigEvent> events = new LinkedBlockingQueue<>();
            GuardRegistry registry = GuardRegistry.builder().build();
            try (EtcdPropertySource source = EtcdPropertySource.watching(client, PREFIX);
                    DynamicConfiguration config = DynamicConfiguration.builder(registry).source(source)
                            .pollInterval(Duration.ofHours(1)) // only the push can bring the change in time
                            .listener(events::add).build()) {
                Guard guard = registry.guard("g").build();
                assertThat(guard.controls().config().timeout().timeout()).isEqualTo(Duration.ofMillis(1000));
                assertThat(source.read()).containsOnlyKeys(TIMEOUT_KEY);
                long before = source.revision();

                put(client, TIMEOUT_KEY, "250");

                Await.first("the configuration event", events, e -> e.kind() == ConfigEvent.Kind.APPLIED && "250".equals(e.value()));
                assertThat(guard.controls().config().timeout().timeout()).isEqualTo(Duration.ofMillis(250));
                assertThat(source.revision()).as("the store's revision of the change").isGreaterThan(before);
                assertThat(config.sources().getFirst().revision()).isEqualTo(Long.toString(source.revision()));
                assertThat(source.name()).isEqualTo("etcd:" + PREFIX);
            }
        }
    }

    @Test
    void aMultiKeyTransactionIsReadWholeOrNotAtAll() throws Exception {
        try (EtcdServer server = EtcdServer.start(dir); Client client = client(server); Client writer = client(server);
                EtcdPropertySource source = EtcdPropertySource.watching(client, PREFIX)) {
            put(writer, "a", "0");
            put(writer, "b", "0");
            ExecutorService pool = Executors.newSingleThreadExecutor();
            try {
                Future<?> writes = pool.submit(() -> {
                    for (int i = 1; i <= 300; i++) { // both keys in one transaction, each time
                        writer.getKVClient().txn().Then(
                                Op.put(key("a"), value(Integer.toString(i)), PutOption.DEFAULT),
                                Op.put(key("b"), value(Integer.toString(i)), PutOption.DEFAULT))
                                .commit().get(WAIT_SECONDS, TimeUnit.SECONDS);
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
        try (EtcdServer server = EtcdServer.start(dir); Client client = client(server)) {
            put(client, TIMEOUT_KEY, "700");
            BlockingQueue<ConfigEvent> events = new LinkedBlockingQueue<>();
            GuardRegistry registry = GuardRegistry.builder().build();
            try (EtcdPropertySource source = EtcdPropertySource.watching(client, PREFIX);
                    DynamicConfiguration config = DynamicConfiguration.builder(registry).source(source)
                            .pollInterval(Duration.ofHours(1)).listener(events::add).build()) {
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
        try (EtcdServer server = EtcdServer.start(dir); Client client = client(server)) {
            put(client, TIMEOUT_KEY, "700");
            put(client, THRESHOLD_KEY, "40");
            BlockingQueue<ConfigEvent> events = new LinkedBlockingQueue<>();
            GuardRegistry registry = GuardRegistry.builder().build();
            try (EtcdPropertySource source = EtcdPropertySource.watching(client, PREFIX);
                    DynamicConfiguration config = DynamicConfiguration.builder(registry).source(source)
                            .pollInterval(Duration.ofHours(1)).listener(events::add).build()) {
                Guard guard = registry.guard("g").build();

                client.getKVClient().txn().Then(Op.put(key(TIMEOUT_KEY), value("900"), PutOption.DEFAULT),
                        Op.put(key(THRESHOLD_KEY), value("lots"), PutOption.DEFAULT)).commit().get(WAIT_SECONDS, TimeUnit.SECONDS);

                ConfigEvent refused = Await.first("the refusal", events, e -> e.kind() == ConfigEvent.Kind.REFUSED);
                assertThat(refused.key()).isEqualTo(THRESHOLD_KEY);
                assertThat(refused.message()).contains("lots", "refused whole", "at revision");
                assertThat(guard.controls().config().timeout().timeout()).as("the good half of the write")
                        .isEqualTo(Duration.ofMillis(700));
                assertThat(events).noneMatch(e -> e.kind() == ConfigEvent.Kind.APPLIED);

                put(client, THRESHOLD_KEY, "30"); // the operator's fix: the whole change applies
                Await.first("the timeout applied", events, e -> e.kind() == ConfigEvent.Kind.APPLIED && "900".equals(e.value()));
                assertThat(guard.controls().config().breaker().errorThresholdPercentage()).isEqualTo(30);
            }
        }
    }

    /**
     * Every key deleted at once (a prefix delete), then written again: the empty store is held as
     * suspect, so the guard never falls back to its code's values between the two writes.
     */
    @Test
    void aPrefixDeletedAndWrittenAgainNeverLeavesTheGuardOnItsDefaults() throws Exception {
        try (EtcdServer server = EtcdServer.start(dir); Client client = client(server)) {
            put(client, TIMEOUT_KEY, "700");
            put(client, THRESHOLD_KEY, "40");
            BlockingQueue<ConfigEvent> events = new LinkedBlockingQueue<>();
            GuardRegistry registry = GuardRegistry.builder().build();
            try (EtcdPropertySource source = EtcdPropertySource.watching(client, PREFIX);
                    DynamicConfiguration config = DynamicConfiguration.builder(registry).source(source)
                            .pollInterval(Duration.ofHours(1)).listener(events::add).build()) {
                Guard guard = registry.guard("g").build();

                client.getKVClient().delete(ByteSequence.from(PREFIX, StandardCharsets.UTF_8),
                        io.etcd.jetcd.options.DeleteOption.builder().isPrefix(true).build()).get(WAIT_SECONDS, TimeUnit.SECONDS);
                ConfigEvent suspect = Await.first("the store held as suspect", events,
                        e -> e.kind() == ConfigEvent.Kind.SOURCE_SUSPECT);
                assertThat(suspect.message()).contains("0 of the 2 keys");
                assertThat(guard.controls().config().timeout().timeout()).isEqualTo(Duration.ofMillis(700));

                client.getKVClient().txn().Then(Op.put(key(TIMEOUT_KEY), value("800"), PutOption.DEFAULT),
                        Op.put(key(THRESHOLD_KEY), value("40"), PutOption.DEFAULT)).commit().get(WAIT_SECONDS, TimeUnit.SECONDS);
                Await.first("the rewrite applied", events, e -> e.kind() == ConfigEvent.Kind.APPLIED && "800".equals(e.value()));
                assertThat(events).as("the code's values never applied in between")
                        .noneMatch(e -> e.kind() == ConfigEvent.Kind.APPLIED && !"800".equals(e.value()));
                assertThat(guard.controls().config().breaker().errorThresholdPercentage()).isEqualTo(40);
            }
        }
    }

    @Test
    void anOutageKeepsTheLastValuesSaysSoAndHealsWhenTheServerIsBack() throws Exception {
        try (EtcdServer server = EtcdServer.start(dir); Client client = client(server)) {
            put(client, TIMEOUT_KEY, "600");
            BlockingQueue<ConfigEvent> events = new LinkedBlockingQueue<>();
            GuardRegistry registry = GuardRegistry.builder().build();
            try (EtcdPropertySource source = EtcdPropertySource.watching(client, PREFIX, Duration.ofMillis(500));
                    DynamicConfiguration config = DynamicConfiguration.builder(registry).source(source)
                            .pollInterval(Duration.ofMillis(200)) // the poll is what notices an outage
                            .listener(events::add).build()) {
                Guard guard = registry.guard("g").build();

                server.stop();

                ConfigEvent failed = Await.first("the configuration event", events, e -> e.kind() == ConfigEvent.Kind.SOURCE_FAILED);
                assertThat(failed.message()).contains("unreachable", "the last values read stay in force");
                assertThat(guard.controls().config().timeout().timeout()).as("kept through the outage")
                        .isEqualTo(Duration.ofMillis(600));
                assertThat(config.sources().getFirst().failing()).as("reported stale").isTrue();

                server.restart();
                put(client, TIMEOUT_KEY, "450");

                Await.first("the configuration event", events, e -> e.kind() == ConfigEvent.Kind.APPLIED && "450".equals(e.value()));
                assertThat(guard.controls().config().timeout().timeout()).isEqualTo(Duration.ofMillis(450));
                assertThat(config.sources().getFirst().failing()).as("healed").isFalse();
            }
        }
    }

    @Test
    void aPrefixAndATimeoutMustMakeSense() {
        try (Client unused = Client.builder().endpoints("http://127.0.0.1:1").build()) {
            assertThatThrownBy(() -> EtcdPropertySource.watching(unused, ""))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("prefix: ''");
            assertThatThrownBy(() -> EtcdPropertySource.watching(unused, PREFIX, Duration.ZERO))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("readTimeout: PT0S must be positive");
        }
    }

    private static Client client(EtcdServer server) {
        return Client.builder().endpoints(server.endpoint()).build();
    }

    private static ByteSequence key(String key) {
        return ByteSequence.from(PREFIX + key, StandardCharsets.UTF_8);
    }

    private static ByteSequence value(String value) {
        return ByteSequence.from(value, StandardCharsets.UTF_8);
    }

    private static void put(Client client, String key, String value) throws Exception {
        client.getKVClient().put(key(key), value(value)).get(WAIT_SECONDS, TimeUnit.SECONDS);
    }
}
