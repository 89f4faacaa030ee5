package dev.firebreak.spring.boot.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.assertions.PlaywrightAssertions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * WebFlux: the dashboard page served by the starter, and the stream read across origins, here allowed
 * by Boot's own CORS settings of the actuator ({@code management.endpoints.web.cors.*}), with no
 * {@code firebreak.stream.allowed-origins}, under a base path of the application's.
 */
@SpringBootTest(classes = StreamsApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"firebreak.guards=demo", "spring.main.web-application-type=reactive",
                "management.endpoints.web.base-path=/manage", "management.endpoints.web.cors.allowed-methods=GET"})
@DirtiesContext
class DashboardAndCorsReactiveTest {

    private static OtherOrigin allowed;
    private static OtherOrigin refused;

    @LocalServerPort
    int port;

    @DynamicPropertySource
    static void origins(DynamicPropertyRegistry registry) throws Exception {
        allowed = new OtherOrigin();
        refused = new OtherOrigin();
        registry.add("management.endpoints.web.cors.allowed-origins", () -> allowed.origin());
    }

    @AfterAll
    static void stopPages() {
        allowed.close();
        refused.close();
    }

    @Test
    void theDashboardIsServedUnderTheActuatorsBasePathAndReadsItsStream() throws Exception {
        WebChecks.dashboardIsServed(port, "/manage");
        try (Chromium chromium = Chromium.launch()) {
            Page page = chromium.browser.newPage();
            page.navigate("http://127.0.0.1:" + port + "/manage/firebreak-dashboard/");
            Locator demo = page.locator("article.card[data-type=\"HystrixCommand\"][data-name=\"demo\"]");
            PlaywrightAssertions.assertThat(demo.locator(".breaker")).hasText("CLOSED");
        }
    }

    @Test
    void bootsActuatorCorsSettingsApplyToTheStreamInHttpAndInChromium() throws Exception {
        WebChecks.corsFor(port, "/manage/hystrix.stream", allowed.origin(), refused.origin());
        String hystrix = "http://127.0.0.1:" + port + "/manage/hystrix.stream";
        try (Chromium chromium = Chromium.launch()) {
            Page page = chromium.browser.newPage();
            page.navigate(allowed.origin() + "/");
            assertThat(WebChecks.watch(page, "hystrix", hystrix, "message")).containsEntry("message", true);
            Page other = chromium.browser.newPage();
            other.navigate(refused.origin() + "/");
            assertThat(WebChecks.watch(other, "hystrix", hystrix, "message"))
                    .containsEntry("error", true).containsEntry("message", false);
        }
    }
}
