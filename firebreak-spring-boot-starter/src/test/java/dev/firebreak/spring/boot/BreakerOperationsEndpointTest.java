package dev.firebreak.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.breaker.BreakerMode;
import dev.firebreak.spring.boot.events.PoliciesApplication;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.json.JsonParserFactory;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;

/**
 * Over real HTTP: an operator's breaker transitions through {@code POST /actuator/firebreak/{name}}, off
 * while the endpoint has its default (read-only) access, and audited in the log and the event feed when on.
 */
class BreakerOperationsEndpointTest {

    private static Map<String, Object> parsed(HttpResponse<String> response) {
        return JsonParserFactory.getJsonParser().parseMap(response.body());
    }

    @Nested
    @SpringBootTest(classes = PoliciesApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
            properties = "management.endpoints.web.exposure.include=firebreak")
    @DirtiesContext
    class ByDefault {

        @LocalServerPort
        int port;
        @Autowired
        GuardRegistry registry;

        @Test
        void theWriteOperationIsOffAndTheBreakerUntouched() throws Exception {
            Guard orders = registry.guard("orders").isolation(Isolation.semaphore(10)).build();
            HttpResponse<String> refused = new Http(port).postJson("/actuator/firebreak/orders", "{\"breaker\":\"forceOpen\"}");
            assertThat(refused.statusCode()).as(refused.body()).isIn(404, 405);
            assertThat(orders.controls().circuitBreaker().mode()).isEqualTo(BreakerMode.AUTOMATIC);
            assertThat(orders.execute(() -> "served")).isEqualTo("served");
            assertThat(new Http(port).get("/actuator/firebreak/orders").statusCode()).isEqualTo(200); // reads stay on
        }
    }

    @Nested
    @SpringBootTest(classes = PoliciesApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
            properties = {"management.endpoints.web.exposure.include=firebreak",
                "management.endpoint.firebreak.access=unrestricted"})
    @DirtiesContext
    @ExtendWith(OutputCaptureExtension.class)
    class WhenUnrestricted {

        @LocalServerPort
        int port;
        @Autowired
        GuardRegistry registry;

        @Test
        void anOperatorForcesTheBreakerOpenAndBackAndEachChangeIsAudited(CapturedOutput output) throws Exception {
            Guard payments = registry.guard("payments").isolation(Isolation.semaphore(10)).build();
            Http http = new Http(port);

            HttpResponse<String> forced = http.postJson("/actuator/firebreak/payments", "{\"breaker\":\"forceOpen\"}");
            assertThat(forced.statusCode()).as(forced.body()).isEqualTo(200);
            assertThat(parsed(forced)).containsEntry("guard", "payments").containsEntry("action", "forceOpen")
                    .containsEntry("from", "AUTOMATIC").containsEntry("to", "FORCED_OPEN").containsEntry("state", "OPEN")
                    .containsEntry("origin", "actuator").containsEntry("principal", "anonymous");
            assertThat(payments.execute(() -> "served", failure -> "short-circuited")).isEqualTo("short-circuited");
            assertThat(http.json("/actuator/firebreak/payments")).containsEntry("circuit", "OPEN")
                    .containsEntry("circuitMode", "FORCED_OPEN"); // the read view says forced, not a plain OPEN

            HttpResponse<String> back = http.postJson("/actuator/firebreak/payments", "{\"breaker\":\"AUTOMATIC\"}");
            assertThat(parsed(back)).containsEntry("from", "FORCED_OPEN").containsEntry("to", "AUTOMATIC");
            assertThat(payments.execute(() -> "served", failure -> "short-circuited")).isEqualTo("served");

            assertThat(output.getAll()).contains("guard 'payments': breaker forceOpen by anonymous through the actuator: mode AUTOMATIC -> FORCED_OPEN")
                    .contains("guard 'payments': breaker automatic by anonymous through the actuator: mode FORCED_OPEN -> AUTOMATIC");
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> audit = (List<Map<String, Object>>) http.json(
                    "/actuator/firebreak/events?policy=payments&kind=OPERATION").get("events");
            assertThat(audit).extracting(e -> Http.map(e, "details").get("action")).containsExactly("forceOpen", "automatic");
            assertThat(audit).extracting(e -> Http.map(e, "details").get("to")).containsExactly("FORCED_OPEN", "AUTOMATIC");
            assertThat(audit).allSatisfy(e -> assertThat(e.get("time")).isNotNull());
        }

        @Test
        void anUnknownOperationOrGuardIsRefusedSayingWhy() throws Exception {
            Guard stock = registry.guard("stock").isolation(Isolation.semaphore(10)).build();
            Http http = new Http(port);

            HttpResponse<String> unknown = http.postJson("/actuator/firebreak/stock", "{\"breaker\":\"explode\"}");
            assertThat(unknown.statusCode()).isEqualTo(400);
            assertThat((String) parsed(unknown).get("error")).isEqualTo("breaker = explode: not an operation (rule: one of "
                    + "[forceOpen, forceClosed, disable, metricsOnly, reset, automatic])");
            HttpResponse<String> missing = http.postJson("/actuator/firebreak/stock", "{}");
            assertThat(missing.statusCode()).isEqualTo(400);
            assertThat(stock.controls().circuitBreaker().mode()).isEqualTo(BreakerMode.AUTOMATIC);

            HttpResponse<String> nobody = http.postJson("/actuator/firebreak/nobody", "{\"breaker\":\"forceOpen\"}");
            assertThat(nobody.statusCode()).isEqualTo(404);
            assertThat((String) parsed(nobody).get("error")).isEqualTo("no guard named 'nobody'");
        }
    }
}
