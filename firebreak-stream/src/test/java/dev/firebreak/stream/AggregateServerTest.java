package dev.firebreak.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.config.InvalidConfigException;
import dev.firebreak.testkit.ManualClock;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Three live instances on loopback, each a registry on its own manual clock with a stream server, and an
 * aggregate on a manual clock of its own reading them over real HTTP: the merged figures equal the sum
 * of the instances' own, an instance killed mid-run and one that stalls leave the aggregate (which keeps
 * streaming), and a circuit no instance reports any more is deleted.
 */
class AggregateServerTest {

    private static final Duration TICK = Duration.ofMillis(500);

    private final List<Instance> instances = new ArrayList<>();
    private final ManualClock aggregateClock = new ManualClock();
    private AggregateServer aggregate;
    private SseClient client;

    /** One service instance: its registry, its guard "orders" with {@code calls} successes, its stream. */
    private static final class Instance implements AutoCloseable {
        final ManualClock clock = new ManualClock();
        final GuardRegistry registry = GuardRegistry.builder().clock(clock).build();
        final StreamServer server;

        Instance(int calls, String extraGuard) {
            Guard orders = registry.guard("orders").group("shop").isolation(Isolation.semaphore(10)).build();
            for (int i = 0; i < calls; i++) {
                orders.execute(() -> "ok");
            }
            if (extraGuard != null) {
                registry.guard(extraGuard).isolation(Isolation.semaphore(1)).build().execute(() -> 1);
            }
            server = StreamServer.builder(registry).port(0).interval(TICK).build().start();
        }

        @Override
        public void close() {
            server.close();
            registry.close();
        }
    }

    @AfterEach
    void stop() {
        if (client != null) {
            client.close();
        }
        if (aggregate != null) {
            aggregate.close();
        }
        instances.forEach(Instance::close);
    }

    private void startFleet() throws Exception {
        // The aggregate's clock moves a tick per round whether or not the instances' lines have arrived
        // (real sockets, a loaded machine): a long stall timeout unless a test is about stalls.
        startFleet(Duration.ofSeconds(60));
    }

    private void startFleet(Duration stallTimeout) throws Exception {
        instances.add(new Instance(2, null));
        instances.add(new Instance(3, null));
        instances.add(new Instance(4, "only-on-three"));
        aggregate = AggregateServer.builder().port(0).time(aggregateClock, aggregateClock)
                .stallTimeout(stallTimeout)
                .instances(instances.stream().map(i -> i.server.streamUri()).toList()).build().start();
        client = SseClient.open(aggregate.streamUri());
        assertThat(client.status()).isEqualTo(200);
    }

    /**
     * Ticks the instances in {@code ticking} and the aggregate until a merged frame satisfies
     * {@code wanted} (the instances' lines reach the aggregate on its reader threads); at most 60 rounds.
     */
    private Map<String, Map<String, Object>> frameWhere(List<Instance> ticking,
            Predicate<Map<String, Map<String, Object>>> wanted) throws Exception {
        for (int round = 0; round < 60; round++) {
            tickInstances(ticking);
            aggregateClock.advance(TICK);
            Map<String, Map<String, Object>> frame = nextFrame();
            if (wanted.test(frame)) {
                return frame;
            }
        }
        throw new AssertionError("no merged frame as wanted within 60 ticks");
    }

    /**
     * Ticks {@code ticking} and waits (10 s at most) until the aggregate has read that tick's ping from each
     * of them it is connected to: the instances' lines cross real sockets, and the aggregate's clock must
     * not move on before they arrive.
     */
    private void tickInstances(List<Instance> ticking) {
        List<URI> uris = ticking.stream().map(i -> i.server.streamUri()).toList();
        Map<InstanceStream, Long> before = new HashMap<>();
        for (InstanceStream stream : aggregate.streams()) {
            if (uris.contains(stream.uri()) && stream.state() == InstanceStream.State.UP) {
                before.put(stream, stream.pings());
            }
        }
        ticking.forEach(i -> i.clock.advance(TICK));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        for (Map.Entry<InstanceStream, Long> waiting : before.entrySet()) {
            while (waiting.getKey().pings() == waiting.getValue() && waiting.getKey().state() == InstanceStream.State.UP) {
                assertThat(System.nanoTime() - deadline).as("the tick's ping from " + waiting.getKey().uri()).isNegative();
                Thread.onSpinWait();
            }
        }
    }

    /** The data events of the next frame (up to its ping), by name. */
    private Map<String, Map<String, Object>> nextFrame() throws InterruptedException {
        Map<String, Map<String, Object>> byName = new HashMap<>();
        while (true) {
            String line = client.nextLine();
            assertThat(line).as("the aggregate stream ended").isNotNull();
            if (line.startsWith("ping:")) { // a frame ends with its ping
                return byName;
            }
            if (line.startsWith("data: ")) {
                Map<String, Object> event = MiniJson.object(line.substring(6));
                byName.put((String) event.get("name"), event);
            }
        }
    }

    private static long hosts(Map<String, Map<String, Object>> frame, String name) {
        Map<String, Object> event = frame.get(name);
        return event == null ? 0 : (Long) event.get("reportingHosts");
    }

    @Test
    void theFleetIsMergedAsTurbineDidAndEqualsTheSumOfTheInstances() throws Exception {
        startFleet();
        Map<String, Map<String, Object>> frame = frameWhere(instances, f -> hosts(f, "orders") == 3);
        Map<String, Object> orders = frame.get("orders");

        long ownSum = 0;
        for (Instance instance : instances) { // each instance's own figure, from its own frame
            String own = new String(StreamFeed.frames(instance.registry, 0L), StandardCharsets.UTF_8);
            for (String line : own.split("\n")) {
                if (line.startsWith("data: ") && line.contains("\"name\":\"orders\"")) {
                    ownSum += (Long) MiniJson.object(line.substring(6)).get("rollingCountSuccess");
                }
            }
        }
        assertThat(ownSum).isEqualTo(9);
        assertThat(orders).containsEntry("type", "HystrixCommand").containsEntry("group", "shop")
                .containsEntry("rollingCountSuccess", ownSum).containsEntry("requestCount", 9L)
                .containsEntry("isCircuitBreakerOpen", false);
        assertThat(hosts(frame, "only-on-three")).isEqualTo(1);
        assertThat(aggregate.instances()).extracting(AggregateServer.InstanceStatus::state).containsOnly("UP");
    }

    @Test
    void aKilledInstanceAndAStalledOneLeaveTheAggregateWhichKeepsStreaming() throws Exception {
        startFleet(Duration.ofSeconds(2));
        frameWhere(instances, f -> hosts(f, "orders") == 3);
        URI killed = instances.get(2).server.streamUri();

        instances.get(2).close(); // killed mid-run
        Map<String, Map<String, Object>> afterKill = frameWhere(instances.subList(0, 2),
                f -> hosts(f, "orders") == 2 && !f.containsKey("only-on-three"));
        assertThat(afterKill.get("orders")).containsEntry("rollingCountSuccess", 5L);
        assertThat(aggregate.instances()).filteredOn(s -> s.uri().equals(killed)).singleElement()
                .satisfies(s -> assertThat(s.state()).isIn("DOWN", "CONNECTING"));

        // Instance 1 stops sending anything (its clock no longer moves): after the stall timeout it is cut,
        // while frames from the aggregate go on arriving with instance 0 alone.
        Map<String, Map<String, Object>> afterStall = frameWhere(instances.subList(0, 1),
                f -> hosts(f, "orders") == 1);
        assertThat(afterStall.get("orders")).containsEntry("rollingCountSuccess", 2L);
        assertThat(aggregate.instances()).extracting(AggregateServer.InstanceStatus::problem)
                .anySatisfy(p -> assertThat(p).contains("no line, not even a ping"));
    }

    @Test
    void aCircuitNoInstanceReportsAnyMoreIsDeletedOnce() throws Exception {
        startFleet();
        frameWhere(instances, f -> hosts(f, "only-on-three") == 1);
        instances.get(2).close();
        List<String> tombstones = new ArrayList<>();
        for (int round = 0; round < 60 && tombstones.isEmpty(); round++) {
            tickInstances(instances.subList(0, 2));
            aggregateClock.advance(TICK);
            Map<String, Object> gone = nextFrame().get("only-on-three");
            if (gone != null && "true".equals(gone.get("deleteData"))) {
                tombstones.add((String) gone.get("type"));
            }
        }
        assertThat(tombstones).containsExactly("HystrixCommand");
        aggregateClock.advance(TICK);
        assertThat(nextFrame()).doesNotContainKey("only-on-three"); // deleted once, then gone
    }

    @Test
    void aGuardAnInstanceRemovedIsForgottenAfterFiveSecondsAndDeleted() throws Exception {
        startFleet();
        frameWhere(instances, f -> hosts(f, "only-on-three") == 1);
        instances.get(2).registry.remove("only-on-three"); // the instance stops reporting it; its stream goes on
        Map<String, Map<String, Object>> deleted = frameWhere(instances,
                f -> f.containsKey("only-on-three") && "true".equals(f.get("only-on-three").get("deleteData")));
        assertThat(deleted.get("orders")).containsEntry("reportingHosts", 3L);
        assertThat(aggregate.instances()).extracting(AggregateServer.InstanceStatus::state).containsOnly("UP");
    }

    @Test
    void theFleetCanChangeWhileTheAggregateRuns() throws Exception {
        startFleet();
        frameWhere(instances, f -> hosts(f, "orders") == 3);
        aggregate.updateInstances(List.of(instances.get(1).server.streamUri(), instances.get(2).server.streamUri()));
        Map<String, Map<String, Object>> frame = frameWhere(instances, f -> hosts(f, "orders") == 2);
        assertThat(frame.get("orders")).containsEntry("rollingCountSuccess", 7L); // 3 + 4: the first one left
        assertThat(aggregate.instances()).hasSize(2);

        aggregate.updateInstances(instances.stream().map(i -> i.server.streamUri()).toList()); // it comes back
        assertThat(frameWhere(instances, f -> hosts(f, "orders") == 3).get("orders"))
                .containsEntry("rollingCountSuccess", 9L);
    }

    @Test
    void badSettingsAreRefusedWithTheRule() {
        assertThatThrownBy(() -> AggregateServer.builder().build())
                .isInstanceOf(InvalidConfigException.class).hasMessageContaining("at least one instance");
        assertThatThrownBy(
                () -> AggregateServer.builder().instances(List.of(URI.create("ftp://h/x"))))
                .isInstanceOf(InvalidConfigException.class).hasMessageContaining("http or https");
        URI twice = URI.create("http://127.0.0.1:1/hystrix.stream");
        assertThatThrownBy(() -> AggregateServer.builder().instances(List.of(twice, twice)))
                .isInstanceOf(InvalidConfigException.class).hasMessageContaining("listed twice");
    }
}
