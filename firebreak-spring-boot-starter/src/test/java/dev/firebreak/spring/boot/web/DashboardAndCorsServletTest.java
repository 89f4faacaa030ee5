package dev.firebreak.spring.boot.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.assertions.PlaywrightAssertions;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Spring MVC: the dashboard page served by the starter, and the streams read across origins as
 * {@code firebreak.stream.allowed-origins} says, over real HTTP and by a real Chromium on another origin.
 */
@SpringBootTest(classes = StreamsApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"firebreak.guards=demo", "management.endpoints.web.exposure.include=firebreak",
                "spring.main.web-application-type=servlet"})
@DirtiesContext
class DashboardAndCorsServletTest {

    private static OtherOrigin allowed;
    private static OtherOrigin refused;

    @LocalServerPort
    int port;

    @DynamicPropertySource
    static void origins(DynamicPropertyRegistry registry) throws Exception {
        allowed = new OtherOrigin();
        refused = new OtherOrigin();
        registry.add("firebreak.stream.allowed-origins", () -> allowed.origin() + ",https://ops.example.com");
    }

    @AfterAll
    static void stopPages() {
        allowed.close();
        refused.close();
    }

    @Test
    void theDashboardIsServedWithItsContentTypesAndShowsThisApplicationsGuards() throws Exception {
        WebChecks.dashboardIsServed(port, "/actuator");
        try (Chromium chromium = Chromium.launch()) {
            Page page = chromium.browser.newPage();
            page.navigate("http://127.0.0.1:" + port + "/actuator/firebreak-dashboard");
            Locator demo = page.locator("article.card[data-type=\"HystrixCommand\"][data-name=\"demo\"]");
            PlaywrightAssertions.assertThat(demo.locator(".breaker")).hasText("CLOSED");
            PlaywrightAssertions.assertThat(page.locator("#sources li")).hasText(
                    java.util.regex.Pattern.compile(".*/actuator/hystrix\\.stream.*"));
        }
    }

    @Test
    void bothStreamsAnswerAnAllowedOriginsPreflightAndReadAndRefuseAnother() throws Exception {
        WebChecks.corsFor(port, "/actuator/hystrix.stream", allowed.origin(), refused.origin());
        WebChecks.corsFor(port, "/actuator/firebreak/events/stream", allowed.origin(), refused.origin());
        // same origin, no Origin header: as before, no CORS header
        assertThat(WebChecks.get(port, "/actuator/firebreak-dashboard/", Map.of()).headers()
                .firstValue("Access-Control-Allow-Origin")).isEmpty();
    }

    @Test
    void aPageOnAnAllowedOriginReadsBothStreamsInChromiumAndOneOnAnotherCannot() throws Exception {
        String hystrix = "http://127.0.0.1:" + port + "/actuator/hystrix.stream";
        String events = "http://127.0.0.1:" + port + "/actuator/firebreak/events/stream";
        try (Chromium chromium = Chromium.launch()) {
            Page page = chromium.browser.newPage();
            page.navigate(allowed.origin() + "/");
            assertThat(WebChecks.watch(page, "hystrix", hystrix, "message"))
                    .containsEntry("open", true).containsEntry("message", true);
            assertThat(WebChecks.watch(page, "events", events, "open")).containsEntry("open", true);

            Page other = chromium.browser.newPage();
            other.navigate(refused.origin() + "/");
            assertThat(WebChecks.watch(other, "hystrix", hystrix, "message"))
                    .containsEntry("error", true).containsEntry("open", false).containsEntry("message", false);
            assertThat(WebChecks.watch(other, "events", events, "open"))
                    .containsEntry("error", true).containsEntry("open", false);
        }
    }
}
