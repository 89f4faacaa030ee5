package dev.firebreak.lab.experiment.fleet;

import dev.firebreak.time.Ticker;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryNTimes;

/**
 * Part one: a fleet of N instances watches a prefix in the store; the experiment writes one new value of
 * a live guard key, then waits until every instance has applied it, {@code repeats} times. A repeat's
 * figure is the time from just before the write to the last instance's apply (each instance stamps its
 * apply with the host's monotonic clock).
 */
final class PropagationPart {

    /** Where the instances watch, in ZooKeeper (a node's children) and in etcd (a key prefix). */
    static final String PATH = "/firebreak/fleet-lab";
    private static final String PREFIX = PATH + "/";

    private PropagationPart() {
    }

    /** One store, one fleet size: starts the instances, writes {@code repeats} changes, returns the row. */
    static FleetRow run(StoreServer.Kind store, StoreServer server, int instances, int repeats, Path scratch)
            throws Exception {
        String name = store.label();
        try (Writer writer = Writer.of(store, server.address());
             Fleet fleet = new Fleet(scratch.resolve(name + "-" + instances), true)) {
            writer.put("10");
            List<InstanceProcess> members = new ArrayList<>();
            for (int i = 0; i < instances; i++) {
                members.add(fleet.start(name + "-" + i, "propagation",
                        List.of("store=" + name, "address=" + server.address(), "path=" + (store == StoreServer.Kind.ZOOKEEPER ? PATH : PREFIX))));
            }
            for (InstanceProcess member : members) {
                member.expect("ready", 120);
            }
            double[] millis = new double[repeats];
            for (int r = 0; r < repeats; r++) {
                String value = Integer.toString(11 + r);
                long before = Ticker.system().read();
                writer.put(value);
                long last = before;
                for (InstanceProcess member : members) {
                    String[] applied = member.expect("applied " + value + " ", 30).split(" ");
                    last = Math.max(last, Long.parseLong(applied[2]));
                }
                millis[r] = (last - before) / 1e6;
                Thread.sleep(50); // the next write is a change of its own, not one the watchers may coalesce
            }
            Arrays.sort(millis);
            return FleetRow.propagation(name, instances, percentile(millis, 50), percentile(millis, 99));
        }
    }

    /** The nearest-rank percentile of sorted values. */
    static double percentile(double[] sorted, double p) {
        int rank = (int) Math.ceil(p / 100 * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
    }

    /** The operator's client: writes the watched key in one store. */
    private interface Writer extends AutoCloseable {

        void put(String value) throws Exception;

        static Writer of(StoreServer.Kind store, String address) throws InterruptedException {
            if (store == StoreServer.Kind.ZOOKEEPER) {
                CuratorFramework curator = CuratorFrameworkFactory.builder().connectString(address).sessionTimeoutMs(10_000)
                        .connectionTimeoutMs(5_000).retryPolicy(new RetryNTimes(40, 250)).build();
                curator.start();
                if (!curator.blockUntilConnected(30, TimeUnit.SECONDS)) {
                    curator.close();
                    throw new IllegalStateException("no connection to ZooKeeper at " + address);
                }
                String node = PATH + "/" + PropagationInstance.KEY;
                return new Writer() {
                    @Override
                    public void put(String value) throws Exception {
                        byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
                        if (curator.checkExists().forPath(node) == null) {
                            curator.create().creatingParentsIfNeeded().forPath(node, bytes);
                        } else {
                            curator.setData().forPath(node, bytes);
                        }
                    }

                    @Override
                    public void close() {
                        curator.close();
                    }
                };
            }
            Client etcd = Client.builder().endpoints(address).build();
            ByteSequence key = ByteSequence.from(PREFIX + PropagationInstance.KEY, StandardCharsets.UTF_8);
            return new Writer() {
                @Override
                public void put(String value) throws Exception {
                    etcd.getKVClient().put(key, ByteSequence.from(value, StandardCharsets.UTF_8)).get(10, TimeUnit.SECONDS);
                }

                @Override
                public void close() {
                    etcd.close();
                }
            };
        }
    }
}
