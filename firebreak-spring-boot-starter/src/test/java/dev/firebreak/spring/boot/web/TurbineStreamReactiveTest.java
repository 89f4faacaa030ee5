package dev.firebreak.spring.boot.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** {@code /turbine.stream} on WebFlux, its instances a static list ({@code firebreak.aggregate.instances}). */
@SpringBootTest(classes = StreamsApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"spring.main.web-application-type=reactive", "firebreak.aggregate.enabled=true"})
@DirtiesContext
class TurbineStreamReactiveTest {

    private static final List<StreamInstance> INSTANCES = new ArrayList<>();

    @LocalServerPort
    int port;

    @DynamicPropertySource
    static void fleet(DynamicPropertyRegistry registry) {
        INSTANCES.add(StreamInstance.start(1));
        INSTANCES.add(StreamInstance.start(5));
        registry.add("firebreak.aggregate.instances",
                () -> INSTANCES.get(0).base() + "/hystrix.stream," + INSTANCES.get(1).base() + "/hystrix.stream");
    }

    @AfterAll
    static void stopInstances() {
        for (StreamInstance instance : INSTANCES) {
            instance.server().close();
            instance.registry().close();
        }
    }

    @Test
    void mergesTheStaticInstances() throws Exception {
        Map<String, Object> merged = StreamInstance.mergedOrders(port,
                event -> ((Number) event.get("reportingHosts")).intValue() == 2);
        assertThat(((Number) merged.get("rollingCountSuccess")).longValue())
                .isEqualTo(INSTANCES.get(0).own("rollingCountSuccess") + INSTANCES.get(1).own("rollingCountSuccess"))
                .isEqualTo(6);
    }
}
