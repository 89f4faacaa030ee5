package dev.firebreak.lab.experiment.fleet;

import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.etcd.EtcdPropertySource;
import dev.firebreak.live.ConfigEvent;
import dev.firebreak.live.DynamicConfiguration;
import dev.firebreak.live.PropertySource;
import dev.firebreak.time.Ticker;
import dev.firebreak.zookeeper.ZooKeeperPropertySource;
import io.etcd.jetcd.Client;
import java.io.PrintStream;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryNTimes;

/**
 * An instance in the propagation part: a registry with one guard whose live configuration watches the
 * store ({@code store=zookeeper|etcd}, {@code address=}, {@code path=}); each time the watched key's new
 * value is applied to the guard it prints {@code applied <value> <nanos>}, read from {@link Ticker#system()}.
 * On Linux that is the system's monotonic clock, the same in every process of the host, so the
 * experiment subtracts its own reading from before the write.
 */
final class PropagationInstance {

    /** The guard the instances share, and the live key the experiment changes. */
    static final String KEY = "firebreak.command.fleet.execution.isolation.semaphore.maxConcurrentRequests";

    private PropagationInstance() {
    }

    static void run(Map<String, String> settings, BlockingQueue<String> commands, PrintStream out) throws Exception {
        String store = settings.get("store");
        String address = settings.get("address");
        String path = settings.get("path");
        AutoCloseable client;
        PropertySource source;
        AutoCloseable closeSource;
        if (store.equals("zookeeper")) {
            CuratorFramework curator = CuratorFrameworkFactory.builder().connectString(address).sessionTimeoutMs(10_000)
                    .connectionTimeoutMs(5_000).retryPolicy(new RetryNTimes(40, 250)).build();
            curator.start();
            if (!curator.blockUntilConnected(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException("no connection to ZooKeeper at " + address);
            }
            client = curator;
            ZooKeeperPropertySource watching = ZooKeeperPropertySource.watching(curator, path);
            source = watching;
            closeSource = watching::close;
        } else {
            Client etcd = Client.builder().endpoints(address).build();
            client = etcd;
            EtcdPropertySource watching = EtcdPropertySource.watching(etcd, path);
            source = watching;
            closeSource = watching::close;
        }
        GuardRegistry registry = GuardRegistry.builder().build();
        try (DynamicConfiguration config = DynamicConfiguration.builder(registry).source(source)
                .pollInterval(Duration.ofHours(1)) // only the store's push brings a change
                .listener(event -> {
                    if (event.kind() == ConfigEvent.Kind.APPLIED && KEY.equals(event.key())) {
                        out.println("applied " + event.value() + " " + Ticker.system().read());
                    }
                }).build()) {
            registry.guard("fleet").isolation(Isolation.semaphore(10)).build();
            out.println("ready");
            while (!commands.take().equals("exit")) {
                // the only command is exit
            }
        } finally {
            closeSource.close();
            client.close();
        }
    }
}
