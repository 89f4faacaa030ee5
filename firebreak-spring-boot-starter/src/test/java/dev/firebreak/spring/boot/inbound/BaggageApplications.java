package dev.firebreak.spring.boot.inbound;

import dev.firebreak.context.Criticality;
import io.micrometer.tracing.BaggageInScope;
import io.micrometer.tracing.Tracer;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Import;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.client.RestClient;

/** A service that puts the caller's level in Micrometer Tracing's baggage, and one that shows what it received. */
public final class BaggageApplications {

    private BaggageApplications() {
    }

    /** Boot's tracing (the OpenTelemetry bridge) and two endpoints. */
    @SpringBootConfiguration
    @EnableAutoConfiguration
    @Import(Endpoints.class)
    public static class App {
    }

    @RestController
    static class Endpoints {
        private final Tracer tracer;
        private final RestClient.Builder rest;

        Endpoints(Tracer tracer, RestClient.Builder rest) {
            this.tracer = tracer;
            this.rest = rest;
        }

        /** Calls {@code url} with the level in baggage and without the criticality header. */
        @GetMapping("/baggage/relay")
        String relay(@RequestParam String url) {
            try (BaggageInScope level = tracer.createBaggageInScope(Criticality.BAGGAGE_KEY, Criticality.current().name())) {
                return rest.build().get().uri(url).retrieve().body(String.class);
            }
        }

        /** The level as the baggage propagated it: the field's own header, and the W3C baggage header. */
        @GetMapping("/baggage/received")
        String received(HttpServletRequest request) {
            return request.getHeader(Criticality.BAGGAGE_KEY) + "|" + request.getHeader("baggage") + "|"
                    + tracer.getBaggage(Criticality.BAGGAGE_KEY).get();
        }
    }
}
