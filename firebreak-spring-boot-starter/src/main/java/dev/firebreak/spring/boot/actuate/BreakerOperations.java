package dev.firebreak.spring.boot.actuate;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.breaker.BreakerAction;
import dev.firebreak.breaker.BreakerMode;
import dev.firebreak.breaker.CircuitBreakerView;
import java.security.Principal;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;

/**
 * The endpoint's write operation on one guard's circuit breaker ({@code POST /actuator/firebreak/{name}}
 * with {@code {"breaker": "forceOpen"}}): the operator's transitions of {@link CircuitBreakerView}. Each
 * change is an audit record, logged and kept in the event feed: what, the mode before and after, the
 * origin, who and when.
 */
final class BreakerOperations {

    private static final System.Logger LOG = System.getLogger(BreakerOperations.class.getName());

    private BreakerOperations() {
    }

    /**
     * Applies {@code action} to the breaker of the guard {@code name}: 200 with the guard, the action, the
     * mode before and after and the state now; 400 naming the value and the rule for an unknown action;
     * 404 for an unknown guard; 409 for a breaker that has no state to change.
     */
    static WebEndpointResponse<Map<String, Object>> apply(GuardRegistry registry, @Nullable FirebreakEvents events,
            String name, @Nullable String action, @Nullable Principal principal) {
        Optional<BreakerAction> chosen = BreakerAction.parse(action);
        if (chosen.isEmpty()) {
            return answer(WebEndpointResponse.STATUS_BAD_REQUEST, Map.of("error", "breaker = " + action
                    + ": not an operation (rule: one of " + BreakerAction.names() + ")"));
        }
        Optional<Guard> guard = registry.find(name);
        if (guard.isEmpty()) {
            return answer(WebEndpointResponse.STATUS_NOT_FOUND, Map.of("error", "no guard named '" + name + "'"));
        }
        CircuitBreakerView breaker = guard.get().controls().circuitBreaker();
        BreakerMode before = breaker.mode();
        try {
            chosen.get().applyTo(breaker);
        } catch (UnsupportedOperationException refused) {
            return answer(409, Map.of("error", "guard '" + name + "': " + refused.getMessage()));
        }
        Map<String, Object> record = new LinkedHashMap<>();
        record.put("guard", name);
        record.put("action", chosen.get().spelled());
        record.put("from", before.name());
        record.put("to", breaker.mode().name());
        record.put("state", breaker.state().name());
        record.put("origin", "actuator");
        record.put("principal", principal == null ? "anonymous" : principal.getName());
        LOG.log(System.Logger.Level.INFO, "firebreak: guard '" + name + "': breaker " + chosen.get().spelled() + " by " + record.get("principal")
                + " through the actuator: mode " + before + " -> " + record.get("to") + ", state " + record.get("state"));
        if (events != null) {
            events.recordOperation(name, record);
        }
        return answer(WebEndpointResponse.STATUS_OK, record);
    }

    private static WebEndpointResponse<Map<String, Object>> answer(int status, Map<String, Object> body) {
        return new WebEndpointResponse<>(body, status);
    }
}
