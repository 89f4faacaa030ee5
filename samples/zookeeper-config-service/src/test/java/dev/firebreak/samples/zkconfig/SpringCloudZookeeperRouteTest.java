package dev.firebreak.samples.zkconfig;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.breaker.BreakerMode;
import dev.firebreak.live.ConfigEvent;
import dev.firebreak.live.DynamicConfiguration;
import dev.firebreak.testkit.Await;
import dev.firebreak.zookeeper.ZooKeeperServer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryNTimes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The Spring route end to end: a real ZooKeeper server (Debian's package, on a loopback port), the
 * service started with Spring Cloud Zookeeper Config pointed at it, and an operator's writes to
 * {@code /config/orders-service} reaching the running guard: a timeout, a forced-open breaker, and a
 * bad value refused while the last valid configuration stays (a later change waits until it is fixed:
 * the Environment's refresh is validated whole).
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class SpringCloudZookeeperRouteTest {

    private static final String CONTEXT = "/config/orders-service/";
    private static final String GUARD = "firebreak.command.orders.";
    private static final long WAIT_SECONDS = 30;

    @TempDir
    Path dir;

    @Test
    void writesToTheStoreReachTheRunningGuardThroughSpringCloudsRefresh() throws Exception {
        try (ZooKeeperServer server = ZooKeeperServer.start(dir); CuratorFramework operator = client(server)) {
            put(operator, GUARD + "execution.isolation.thread.timeoutInMilliseconds", "800");
            try (ConfigurableApplicationContext app = new SpringApplicationBuilder(ZooKeeperConfigService.class)
                    .run("--ZOOKEEPER=" + server.connectString(), "--spring.main.banner-mode=off")) {
                OrdersClient orders = app.getBean(OrdersClient.class);
                AtomicInteger refusals = new AtomicInteger();
                app.getBean(DynamicConfiguration.class).addListener(event -> {
                    if (event.kind() == ConfigEvent.Kind.REFUSED && event.message().contains("refused whole")) {
                        refusals.incrementAndGet();
                    }
                });
                assertThat(timeout(orders)).as("read at startup").isEqualTo(Duration.ofMillis(800));
                assertThat(orders.latestOrder()).isEqualTo("order 42");

                put(operator, GUARD + "execution.isolation.thread.timeoutInMilliseconds", "300");
                Await.until("the new timeout", () -> timeout(orders).equals(Duration.ofMillis(300)));

                put(operator, GUARD + "circuitBreaker.forceOpen", "true");
                Await.until("forced open", () -> orders.guard().controls().circuitBreaker().mode() == BreakerMode.FORCED_OPEN);
                assertThat(orders.latestOrder()).isEqualTo("fallback: ShortCircuitedException");

                put(operator, GUARD + "execution.isolation.thread.timeoutInMilliseconds", "soon");
                put(operator, GUARD + "circuitBreaker.forceOpen", "false"); // a valid change after the bad one
                Await.until("the refusal seen", () -> refusals.get() > 0);
                assertThat(timeout(orders)).as("the bad value refused, the last valid one kept")
                        .isEqualTo(Duration.ofMillis(300));
                assertThat(orders.guard().controls().circuitBreaker().mode())
                        .as("the store's changes wait while it holds a refused value").isEqualTo(BreakerMode.FORCED_OPEN);

                put(operator, GUARD + "execution.isolation.thread.timeoutInMilliseconds", "400"); // fixed
                Await.until("automatic again", () -> orders.guard().controls().circuitBreaker().mode() == BreakerMode.AUTOMATIC);
                assertThat(timeout(orders)).isEqualTo(Duration.ofMillis(400));
                assertThat(orders.latestOrder()).isEqualTo("order 42");
            }
        }
    }

    private static Duration timeout(OrdersClient orders) {
        return orders.guard().controls().config().timeout().timeout();
    }

    private static CuratorFramework client(ZooKeeperServer server) throws InterruptedException {
        CuratorFramework client = CuratorFrameworkFactory.newClient(server.connectString(), new RetryNTimes(40, 250));
        client.start();
        if (!client.blockUntilConnected((int) WAIT_SECONDS, TimeUnit.SECONDS)) {
            client.close();
            throw new IllegalStateException("no connection to " + server.connectString());
        }
        return client;
    }

    private static void put(CuratorFramework client, String key, String value) throws Exception {
        String node = CONTEXT + key;
        byte[] data = value.getBytes(StandardCharsets.UTF_8);
        if (client.checkExists().forPath(node) == null) {
            client.create().creatingParentsIfNeeded().forPath(node, data);
        } else {
            client.setData().forPath(node, data);
        }
    }
}
