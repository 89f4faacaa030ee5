package dev.firebreak.zookeeper;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryNTimes;

/** What the ZooKeeper tests share: a connected client and writing a property. */
final class StoreSupport {

    static final String PATH = "/firebreak/orders-service";
    /** How long a test waits for the store's push to arrive: a bound on a real server's round trips, never a pause. */
    static final long WAIT_SECONDS = 20;

    private StoreSupport() {
    }

    /** A started client of {@code server}, connected (or the test fails). */
    static CuratorFramework client(ZooKeeperServer server) throws InterruptedException {
        CuratorFramework client = CuratorFrameworkFactory.builder().connectString(server.connectString())
                .sessionTimeoutMs(4_000).connectionTimeoutMs(2_000).retryPolicy(new RetryNTimes(40, 250)).build();
        client.start();
        if (!client.blockUntilConnected((int) WAIT_SECONDS, TimeUnit.SECONDS)) {
            client.close();
            throw new IllegalStateException("no connection to " + server.connectString());
        }
        return client;
    }

    /** Writes property {@code key} = {@code value} under {@link #PATH}. */
    static void put(CuratorFramework client, String key, String value) throws Exception {
        String node = PATH + "/" + key;
        if (client.checkExists().forPath(node) == null) {
            client.create().creatingParentsIfNeeded().forPath(node, bytes(value));
        } else {
            client.setData().forPath(node, bytes(value));
        }
    }

    static byte[] bytes(String value) {
        return value.getBytes(StandardCharsets.UTF_8);
    }
}
