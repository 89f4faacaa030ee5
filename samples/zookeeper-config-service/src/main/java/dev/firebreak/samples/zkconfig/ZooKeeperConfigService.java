package dev.firebreak.samples.zkconfig;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * A service whose Firebreak properties live in ZooKeeper under {@code /config/orders-service}, read and
 * watched by Spring Cloud Zookeeper Config (see application.properties): a change written there
 * reaches the running guard through Spring Cloud's refresh, with no Firebreak code for the store.
 */
@SpringBootApplication
public class ZooKeeperConfigService {

    public static void main(String[] args) {
        SpringApplication.run(ZooKeeperConfigService.class, args);
    }
}
