package dev.firebreak.stream;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Turbine 1.x's rules over parsed events: integers and percentile maps summed, the rest counted by value. */
class TurbineMergeTest {

    private static Map<String, Object> event(String json) {
        return JsonReader.object(json);
    }

    @Test
    void integersAndPercentileMapsAreSummedAndHostsCounted() {
        Map<String, Object> merged = TurbineMerge.merge(List.of(
                event("{\"type\":\"HystrixCommand\",\"name\":\"orders\",\"rollingCountSuccess\":2,"
                        + "\"latencyExecute\":{\"50\":4,\"99\":10},\"reportingHosts\":1}"),
                event("{\"type\":\"HystrixCommand\",\"name\":\"orders\",\"rollingCountSuccess\":3,"
                        + "\"latencyExecute\":{\"50\":6,\"99\":30}}"))); // no reportingHosts: counts as 1
        assertThat(merged).containsEntry("type", "HystrixCommand").containsEntry("name", "orders")
                .containsEntry("rollingCountSuccess", 5L).containsEntry("reportingHosts", 2L);
        assertThat(merged.get("latencyExecute")).isEqualTo(Map.of("50", 10L, "99", 40L));
    }

    @Test
    void valuesTheInstancesDisagreeOnBecomeCountsByValueAndAgreementStaysPlain() {
        Map<String, Object> merged = TurbineMerge.merge(List.of(
                event("{\"isCircuitBreakerOpen\":true,\"group\":\"shop\",\"ratio\":0.5}"),
                event("{\"isCircuitBreakerOpen\":false,\"group\":\"shop\",\"ratio\":0.5}"),
                event("{\"isCircuitBreakerOpen\":false,\"group\":\"shop\",\"ratio\":0.25}")));
        assertThat(merged.get("isCircuitBreakerOpen")).isEqualTo(Map.of("true", 1L, "false", 2L));
        assertThat(merged.get("group")).isEqualTo("shop");
        assertThat(merged.get("ratio")).as("a non-integer number is not summed").isEqualTo(Map.of("0.5", 2L, "0.25", 1L));
        assertThat(merged.get("reportingHosts")).isEqualTo(3L);
    }

    @Test
    void currentTimeIsTheLatestAndAFieldSomeInstancesLackMergesOverTheOthers() {
        Map<String, Object> merged = TurbineMerge.merge(List.of(
                event("{\"currentTime\":1000,\"rollingCountTimeout\":4}"),
                event("{\"currentTime\":3000}"),
                event("{\"currentTime\":2000,\"rollingCountTimeout\":1}")));
        assertThat(merged).containsEntry("currentTime", 3000L).containsEntry("rollingCountTimeout", 5L);
    }
}
