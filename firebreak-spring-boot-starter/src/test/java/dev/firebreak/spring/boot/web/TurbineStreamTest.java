package dev.firebreak.spring.boot.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.spring.boot.actuate.AggregateInstances;
import java.net.URI;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.cloud.client.discovery.event.HeartbeatEvent;
import org.springframework.cloud.context.environment.EnvironmentChangeEvent;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.MapPropertySource;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * {@code /turbine.stream} served by the starter over real HTTP: three real instances (a registry and a
 * stream server each, on loopback), found through Spring Cloud's {@code SimpleDiscoveryClient} configured
 * by {@code spring.cloud.discovery.client.simple.instances.*}; the merged counts equal the sum of the
 * instances' own, and a change of the service's instances mid-run (the environment changed, a discovery
 * heartbeat) shows in {@code reportingHosts}. The periodic refresh is long here: only the heartbeat and
 * the start read discovery, so the change proves the heartbeat path.
 */
@SpringBootTest(classes = StreamsApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"spring.main.web-application-type=servlet", "firebreak.aggregate.enabled=true",
                "firebreak.aggregate.service-ids=orders", "firebreak.aggregate.stream-path=/hystrix.stream",
                "firebreak.aggregate.refresh-interval=1h"})
@DirtiesContext
class TurbineStreamTest {

    private static final String SIMPLE = "spring.cloud.discovery.client.simple.instances.orders";
    private static final List<StreamInstance> INSTANCES = new ArrayList<>();

    @LocalServerPort
    int port;
    @Autowired
    ConfigurableApplicationContext context;
    @Autowired
    AggregateInstances aggregateInstances;

    @DynamicPropertySource
    static void fleet(DynamicPropertyRegistry registry) {
        INSTANCES.add(StreamInstance.start(2));
        INSTANCES.add(StreamInstance.start(3));
        INSTANCES.add(StreamInstance.start(4));
        // at startup the service has the first two instances
        registry.add(SIMPLE + "[0].uri", () -> INSTANCES.get(0).base());
        registry.add(SIMPLE + "[1].uri", () -> INSTANCES.get(1).base());
    }

    @AfterAll
    static void stopInstances() {
        for (StreamInstance instance : INSTANCES) {
            instance.server().close();
            instance.registry().close();
        }
    }

    @Test
    void mergesTheDiscoveredInstancesAndFollowsTheirChangesMidRun() throws Exception {
        Map<String, Object> two = StreamInstance.mergedOrders(port, event -> hosts(event) == 2);
        assertThat(number(two, "rollingCountSuccess")).isEqualTo(INSTANCES.get(0).own("rollingCountSuccess")
                + INSTANCES.get(1).own("rollingCountSuccess")).isEqualTo(5);
        assertThat(number(two, "requestCount")).isEqualTo(5);

        // the service scales out: discovery lists the third instance, and a heartbeat says so
        changeInstances(INSTANCES);
        Map<String, Object> three = StreamInstance.mergedOrders(port, event -> hosts(event) == 3);
        long own = INSTANCES.stream().mapToLong(i -> i.own("rollingCountSuccess")).sum();
        assertThat(number(three, "rollingCountSuccess")).isEqualTo(own).isEqualTo(9);
        assertThat(aggregateInstances.instances()).hasSize(3);

        // the first instance leaves the registry: it leaves the aggregate
        changeInstances(INSTANCES.subList(1, 3));
        Map<String, Object> rest = StreamInstance.mergedOrders(port, event -> hosts(event) == 2 && number(event, "rollingCountSuccess") == 7);
        assertThat(number(rest, "requestCount")).isEqualTo(7);
        assertThat(aggregateInstances.instances()).extracting(URI::getPort)
                .containsExactly(INSTANCES.get(1).server().port(), INSTANCES.get(2).server().port());
    }

    /** Replaces the service's instances in the Environment, rebinds (as a config refresh does), then a heartbeat. */
    private void changeInstances(List<StreamInstance> instances) {
        Map<String, Object> values = new HashMap<>();
        for (int i = 0; i < instances.size(); i++) {
            values.put(SIMPLE + "[" + i + "].uri", instances.get(i).base());
        }
        context.getEnvironment().getPropertySources().addFirst(new MapPropertySource("changed-" + instances.size(), values));
        context.publishEvent(new EnvironmentChangeEvent(context, Set.copyOf(values.keySet())));
        context.publishEvent(new HeartbeatEvent(this, "changed"));
    }

    private static long hosts(Map<String, Object> event) {
        return number(event, "reportingHosts");
    }

    private static long number(Map<String, Object> event, String key) {
        return ((Number) event.get(key)).longValue();
    }

}
