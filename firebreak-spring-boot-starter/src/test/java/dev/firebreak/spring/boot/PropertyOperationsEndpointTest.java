package dev.firebreak.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.spring.boot.events.PoliciesApplication;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
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
 * Over real HTTP: one instance's limits changed through {@code POST /actuator/firebreak/{name}} with
 * {@code {"property": ..., "value": ...}}, an override stronger than {@code application.yml}, checked as
 * every value is, cleared by a request without a value, each change audited; refused with the rule for a
 * bad value, a fixed or an unknown property. (Off by default as the breaker operations are: the same
 * write operation, shown off in {@link BreakerOperationsEndpointTest}.)
 */
@SpringBootTest(classes = PoliciesApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"management.endpoints.web.exposure.include=firebreak", "management.endpoint.firebreak.access=unrestricted",
            "firebreak.command.inventory.execution.isolation.semaphore.maxConcurrentRequests=4"})
@DirtiesContext
@ExtendWith(OutputCaptureExtension.class)
class PropertyOperationsEndpointTest {

    private static final String LIMIT = "execution.isolation.semaphore.maxConcurrentRequests";

    @LocalServerPort
    int port;
    @Autowired
    GuardRegistry registry;

    private static Map<String, Object> parsed(HttpResponse<String> response) {
        return JsonParserFactory.getJsonParser().parseMap(response.body());
    }

    @Test
    void anOperatorRaisesALimitOnThisInstanceThenClearsItAndEachChangeIsAudited(CapturedOutput output) throws Exception {
        Guard inventory = registry.guard("inventory").isolation(Isolation.semaphore(10)).build();
        assertThat(inventory.controls().config().isolation().semaphoreMaxConcurrentRequests()).as("from application.yml").isEqualTo(4);
        Http http = new Http(port);

        HttpResponse<String> raised = http.postJson("/actuator/firebreak/inventory",
                "{\"property\":\"" + LIMIT + "\",\"value\":\"20\"}");
        assertThat(raised.statusCode()).as(raised.body()).isEqualTo(200);
        assertThat(parsed(raised)).containsEntry("guard", "inventory").containsEntry("action", "override")
                .containsEntry("property", LIMIT).containsEntry("from", "4").containsEntry("to", "20")
                .containsEntry("origin", "actuator");
        assertThat(inventory.controls().config().isolation().semaphoreMaxConcurrentRequests()).isEqualTo(20);

        HttpResponse<String> cleared = http.postJson("/actuator/firebreak/inventory", "{\"property\":\"" + LIMIT + "\"}");
        assertThat(parsed(cleared)).containsEntry("action", "clearOverride").containsEntry("from", "20").containsEntry("to", "4");
        assertThat(inventory.controls().config().isolation().semaphoreMaxConcurrentRequests()).as("application.yml again").isEqualTo(4);

        assertThat(output.getAll()).contains("guard 'inventory': " + LIMIT + " 4 -> 20 (override) by anonymous through the actuator");
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> audit = (List<Map<String, Object>>) http.json(
                "/actuator/firebreak/events?policy=inventory&kind=OPERATION").get("events");
        assertThat(audit).extracting(e -> Http.map(e, "details").get("to")).containsExactly("20", "4");
    }

    @Test
    void aBadValueAFixedOrAnUnknownPropertyIsRefusedNamingTheRuleAndNothingChanges() throws Exception {
        Guard catalog = registry.guard("catalog").isolation(Isolation.semaphore(10))
                .configure(c -> c.timeout(t -> t.timeout(Duration.ofMillis(700)))).build();
        Http http = new Http(port);

        HttpResponse<String> bad = http.postJson("/actuator/firebreak/catalog",
                "{\"property\":\"execution.isolation.thread.timeoutInMilliseconds\",\"value\":\"-5\"}");
        assertThat(bad.statusCode()).as(bad.body()).isEqualTo(400);
        assertThat((String) parsed(bad).get("error"))
                .startsWith("firebreak.command.catalog.execution.isolation.thread.timeoutInMilliseconds = -5: ");
        assertThat(catalog.controls().config().timeout().timeout()).isEqualTo(Duration.ofMillis(700));

        HttpResponse<String> fixed = http.postJson("/actuator/firebreak/catalog",
                "{\"property\":\"execution.isolation.strategy\",\"value\":\"THREAD\"}");
        assertThat(fixed.statusCode()).isEqualTo(400);
        assertThat((String) parsed(fixed).get("error")).contains("fixed once a guard is created");

        HttpResponse<String> unknown = http.postJson("/actuator/firebreak/catalog", "{\"property\":\"speed\",\"value\":\"11\"}");
        assertThat(unknown.statusCode()).isEqualTo(400);
        assertThat((String) parsed(unknown).get("error")).startsWith("property = speed: not a guard property");

        HttpResponse<String> nobody = http.postJson("/actuator/firebreak/nobody", "{\"property\":\"" + LIMIT + "\",\"value\":\"5\"}");
        assertThat(nobody.statusCode()).isEqualTo(404);

        // the refused override left nothing behind: a later good one applies from the code's value
        HttpResponse<String> good = http.postJson("/actuator/firebreak/catalog",
                "{\"property\":\"execution.isolation.thread.timeoutInMilliseconds\",\"value\":\"900\"}");
        assertThat(parsed(good)).containsEntry("from", "700").containsEntry("to", "900");
    }
}
