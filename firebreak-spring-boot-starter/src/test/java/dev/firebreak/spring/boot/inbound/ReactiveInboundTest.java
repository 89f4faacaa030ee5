package dev.firebreak.spring.boot.inbound;

import static dev.firebreak.spring.boot.inbound.InboundClient.get;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The WebFlux filter over real HTTP: service A on Reactor Netty calling service B on Tomcat. */
class ReactiveInboundTest extends InboundScenarios {

    @Override
    Class<?> serviceA() {
        return InboundApplications.ReactiveApp.class;
    }

    @Override
    String serviceAType() {
        return "reactive";
    }

    @Test
    void theFilterIsAWebFilter() {
        assertThat(a().getBeansOfType(InboundWebFilter.class)).hasSize(1);
        assertThat(a().getBeansOfType(InboundServletFilter.class)).isEmpty();
    }

    @Test
    void levelRead() throws Exception {
        // the Reactor Context's level / the assembling thread's
        theLevelIsReadCappedAndCountedNeverAnError("", List.of("SHEDDABLE_PLUS/SHEDDABLE_PLUS", "CRITICAL_PLUS/CRITICAL_PLUS",
                "CRITICAL/CRITICAL", "SHEDDABLE_PLUS/SHEDDABLE_PLUS"));
    }

    @Test
    void levelAcrossServices() throws Exception {
        theLevelTravelsToServiceBByRestClientAndWebClientCappedWhereAAllowsLess("L/L|L/L");
    }

    @Test
    void theAnnotationsLevelHoldsForItsCallOnly() throws Exception {
        assertThat(get(a(), "/api/prefetch", HEADER, "CRITICAL").body())
                .isEqualTo("SHEDDABLE>SHEDDABLE_PLUS/SHEDDABLE_PLUS");
    }
}
