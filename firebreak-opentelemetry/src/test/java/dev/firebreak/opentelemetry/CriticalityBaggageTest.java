package dev.firebreak.opentelemetry;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.context.Criticality;
import io.opentelemetry.api.baggage.Baggage;
import io.opentelemetry.api.baggage.propagation.W3CBaggagePropagator;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.opentelemetry.context.propagation.TextMapGetter;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The level through W3C baggage: written by the caller, on the wire, read back and capped by the callee. */
class CriticalityBaggageTest {

    private static final TextMapGetter<Map<String, String>> GETTER = new TextMapGetter<>() {
        @Override
        public Iterable<String> keys(Map<String, String> carrier) {
            return carrier.keySet();
        }

        @Override
        public String get(Map<String, String> carrier, String key) {
            return carrier == null ? null : carrier.get(key);
        }
    };

    /** The headers an instrumented client sends with the current context. */
    private static Map<String, String> sent() {
        Map<String, String> headers = new HashMap<>();
        W3CBaggagePropagator.getInstance().inject(Context.current(), headers, Map::put);
        return headers;
    }

    private static Baggage received(Map<String, String> headers) {
        return Baggage.fromContext(W3CBaggagePropagator.getInstance().extract(Context.root(), headers, GETTER));
    }

    @Test
    void theCallersLevelTravelsInBaggageAndTheCalleeRunsAtItCapped() throws Exception {
        Map<String, String> headers;
        try (Criticality.Scope level = Criticality.SHEDDABLE_PLUS.open(); Scope baggage = CriticalityBaggage.propagate()) {
            headers = sent();
        }
        assertThat(headers).containsEntry("baggage", "firebreak.criticality=SHEDDABLE_PLUS");
        assertThat(Baggage.current().getEntryValue(Criticality.BAGGAGE_KEY)).as("closed with its scope").isNull();

        assertThat(CriticalityBaggage.read(received(headers))).hasValue(Criticality.SHEDDABLE_PLUS);
        try (Criticality.Scope level = CriticalityBaggage.open(received(headers), Criticality.CRITICAL)) {
            assertThat(Criticality.current()).isEqualTo(Criticality.SHEDDABLE_PLUS);
        }
        Map<String, String> claiming = Map.of("baggage", "firebreak.criticality=critical-plus");
        try (Criticality.Scope level = CriticalityBaggage.open(received(claiming), Criticality.SHEDDABLE_PLUS)) {
            assertThat(Criticality.current()).as("capped at what the service allows").isEqualTo(Criticality.SHEDDABLE_PLUS);
        }
        assertThat(Criticality.current()).isEqualTo(Criticality.DEFAULT);
    }

    @Test
    void noOrAnUnreadableLevelIsTheDefault() {
        assertThat(CriticalityBaggage.read(Baggage.empty())).isEmpty();
        Baggage odd = Baggage.builder().put(Criticality.BAGGAGE_KEY, "urgent").build();
        assertThat(CriticalityBaggage.read(odd)).isEmpty();
        try (Criticality.Scope level = CriticalityBaggage.open(odd, Criticality.CRITICAL_PLUS)) {
            assertThat(Criticality.current()).isEqualTo(Criticality.DEFAULT);
        }
        assertThat(CriticalityBaggage.with(Baggage.empty(), Criticality.SHEDDABLE).getEntryValue(Criticality.BAGGAGE_KEY))
                .isEqualTo("SHEDDABLE");
    }
}
