package dev.firebreak.spring.boot.inbound;

import static dev.firebreak.spring.boot.inbound.InboundClient.get;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * What docs/spring-boot.md says of baggage, checked over real HTTP: with Boot's Micrometer Tracing (the
 * OpenTelemetry bridge) and {@code management.tracing.baggage.remote-fields=firebreak.criticality}, the
 * level a service puts in baggage reaches the service it calls, where Micrometer Tracing reads it back.
 */
class BaggageFieldTest {

    @Test
    void theLevelInBaggageReachesTheCalledService() throws Exception {
        String[] tracing = {"management.tracing.baggage.remote-fields=firebreak.criticality",
            "firebreak.inbound.enabled=true", "firebreak.criticality.propagate=false"};
        try (ConfigurableApplicationContext b = InboundClient.start(BaggageApplications.App.class, "servlet", tracing);
                ConfigurableApplicationContext a = InboundClient.start(BaggageApplications.App.class, "servlet", tracing)) {
            String received = get(a, "/baggage/relay?url=" + InboundClient.base(b) + "/baggage/received",
                    InboundScenarios.HEADER, "SHEDDABLE").body();
            System.out.println("baggage received: " + received);
            assertThat(received.split("\\|")[0]).as("the remote field's header").isEqualTo("SHEDDABLE");
            assertThat(received.split("\\|")[2]).as("read back by Micrometer Tracing").isEqualTo("SHEDDABLE");
        }
    }
}
