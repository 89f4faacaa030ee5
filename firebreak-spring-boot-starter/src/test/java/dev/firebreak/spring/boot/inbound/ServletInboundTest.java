package dev.firebreak.spring.boot.inbound;

import static dev.firebreak.spring.boot.inbound.InboundClient.get;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The Servlet filter over real HTTP: service A on Tomcat calling service B on Tomcat. */
class ServletInboundTest extends InboundScenarios {

    @Override
    Class<?> serviceA() {
        return InboundApplications.ServletApp.class;
    }

    @Override
    String serviceAType() {
        return "servlet";
    }

    @Test
    void theFilterIsAServletFilterAndTheGuardsExistAtStartup() {
        assertThat(a().getBeansOfType(InboundServletFilter.class)).hasSize(1);
        assertThat(a().getBeansOfType(InboundWebFilter.class)).isEmpty();
        assertThat(a().getBean(dev.firebreak.GuardRegistry.class).find("capped")).isPresent();
    }

    @Test
    void levelRead() throws Exception {
        // the thread's level / the request context's
        theLevelIsReadCappedAndCountedNeverAnError("", List.of("SHEDDABLE_PLUS/SHEDDABLE_PLUS", "CRITICAL_PLUS/CRITICAL_PLUS",
                "CRITICAL/CRITICAL", "SHEDDABLE_PLUS/SHEDDABLE_PLUS"));
    }

    @Test
    void levelAcrossServices() throws Exception {
        theLevelTravelsToServiceBByRestClientAndWebClientCappedWhereAAllowsLess("L/L|L/L");
    }

    @Test
    void theAnnotationsLevelHoldsForItsCallOnlyOnAPoolThreadAndInAMono() throws Exception {
        assertThat(get(a(), "/api/prefetch", HEADER, "CRITICAL").body())
                .isEqualTo("CRITICAL>SHEDDABLE>SHEDDABLE_PLUS/SHEDDABLE_PLUS>CRITICAL");
    }
}
