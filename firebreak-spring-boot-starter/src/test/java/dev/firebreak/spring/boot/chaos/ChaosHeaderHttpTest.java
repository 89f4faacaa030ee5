package dev.firebreak.spring.boot.chaos;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.chaos.ChaosKind;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Chaos scoped by a request header over real HTTP: a Boot application on 127.0.0.1 (MVC, then WebFlux),
 * started and stopped here, whose guard {@code orders} injects a fault only into calls of requests carrying
 * {@code X-Chaos: orders-down}; requests without the header (or with another value) get the real answer.
 * And without {@code firebreak.chaos.enabled}, the same keys inject nothing.
 */
class ChaosHeaderHttpTest {

    private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    @SpringBootConfiguration
    @EnableAutoConfiguration
    static class ChaosApplication {

        @RestController
        static class Orders {
            private final Guard orders;

            Orders(GuardRegistry registry) {
                this.orders = registry.guard("orders").build();
            }

            @GetMapping("/orders")
            String orders() {
                return orders.execute(() -> "real orders", failure -> "fallback: " + failure.getCause().getClass().getSimpleName());
            }
        }
    }

    private static Map<String, Object> properties(boolean allowed) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("server.port", "0");
        p.put("server.address", "127.0.0.1");
        p.put("management.endpoints.enabled-by-default", "false");
        p.put("firebreak.chaos.enabled", String.valueOf(allowed));
        p.put("firebreak.chaos.headers", "X-Chaos");
        p.put("firebreak.command.orders.chaos.enabled", "true");
        p.put("firebreak.command.orders.chaos.kind", ChaosKind.EXCEPTION.name());
        p.put("firebreak.command.orders.chaos.tags", "orders-down");
        p.put("firebreak.command.orders.circuitBreaker.enabled", "false");
        return p;
    }

    private static String get(int port, String chaosHeader) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/orders"))
                .timeout(Duration.ofSeconds(30));
        if (chaosHeader != null) {
            request.header("X-Chaos", chaosHeader);
        }
        HttpResponse<String> response = CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return response.body();
    }

    private static void requestsWithTheHeaderGetTheFault(WebApplicationType type) throws Exception {
        try (ConfigurableApplicationContext app = new SpringApplicationBuilder(ChaosApplication.class)
                .web(type).properties(properties(true)).run()) {
            int port = Integer.parseInt(app.getEnvironment().getProperty("local.server.port"));
            for (int i = 0; i < 5; i++) {
                assertThat(get(port, null)).as("no header").isEqualTo("real orders");
                assertThat(get(port, "orders-down")).as("the header").isEqualTo("fallback: InjectedFaultException");
                assertThat(get(port, "something-else")).as("another value").isEqualTo("real orders");
                assertThat(get(port, "a, orders-down")).as("one of a list").isEqualTo("fallback: InjectedFaultException");
            }
            Guard orders = app.getBean(GuardRegistry.class).find("orders").orElseThrow();
            assertThat(orders.controls().chaos().injected(ChaosKind.EXCEPTION)).isEqualTo(10);
        }
    }

    @Test
    void onSpringMvcOnlyRequestsCarryingTheChaosHeaderGetTheFault() throws Exception {
        requestsWithTheHeaderGetTheFault(WebApplicationType.SERVLET);
    }

    @Test
    void onWebFluxOnlyRequestsCarryingTheChaosHeaderGetTheFault() throws Exception {
        requestsWithTheHeaderGetTheFault(WebApplicationType.REACTIVE);
    }

    @Test
    void withoutTheStartersPermissionTheChaosKeysInjectNothing() throws Exception {
        try (ConfigurableApplicationContext app = new SpringApplicationBuilder(ChaosApplication.class)
                .web(WebApplicationType.SERVLET).properties(properties(false)).run()) {
            int port = Integer.parseInt(app.getEnvironment().getProperty("local.server.port"));
            assertThat(get(port, "orders-down")).isEqualTo("real orders");
            assertThat(app.getBean(GuardRegistry.class).find("orders").orElseThrow().controls().chaos().allowed()).isFalse();
            assertThat(app.getBeanProvider(ChaosHeaderServletFilter.class).getIfAvailable()).isNull();
        }
    }
}
